import { Hono } from 'hono';
import type { AppDeps } from '../../config';
import { oauthError } from '../../http/errors';
import { authenticateClient } from './client-auth';
import { readOAuthForm } from './form-body';
import { authorizationCodeGrant, clientCredentialsGrant, refreshTokenGrant } from './grants';
import { authLimit } from './limits';
import { introspectToken, revokeToken } from './token-lifecycle';

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/** The back-channel endpoints an app calls with its own credentials: token, revoke, introspect, keys. */
export function tokenRoutes(deps: AppDeps) {
  const router = new Hono();

  router.post('/token', authLimit(deps, 'token'), async (c) => {
    const form = await readOAuthForm(c);
    const app = await authenticateClient(c, form, deps.stores.apps);
    const grantType = form.get('grant_type');
    const grant =
      grantType === 'authorization_code'
        ? authorizationCodeGrant
        : grantType === 'client_credentials'
          ? clientCredentialsGrant
          : grantType === 'refresh_token'
            ? refreshTokenGrant
            : undefined;
    if (!grant) {
      throw oauthError(
        400,
        'unsupported_grant_type',
        grantType ? `grant_type ${grantType} is not supported.` : 'grant_type is required.',
      );
    }
    return c.json(await grant(deps, app, form), 200, NO_STORE);
  });

  router.post('/revoke', authLimit(deps, 'revoke'), async (c) => {
    const form = await readOAuthForm(c);
    const app = await authenticateClient(c, form, deps.stores.apps);
    const token = form.get('token');
    const hint = form.get('token_type_hint');
    if (!token) throw oauthError(400, 'invalid_request', 'token is required.');
    if (hint !== undefined && hint !== 'access_token' && hint !== 'refresh_token') {
      throw oauthError(400, 'unsupported_token_type', 'token_type_hint must be access_token or refresh_token.');
    }
    await revokeToken(deps, app, token);
    return c.body(null, 200, NO_STORE);
  });

  router.post('/introspect', authLimit(deps, 'introspect'), async (c) => {
    const form = await readOAuthForm(c);
    const app = await authenticateClient(c, form, deps.stores.apps);
    const token = form.get('token');
    if (!token) throw oauthError(400, 'invalid_request', 'token is required.');
    return c.json(await introspectToken(deps, app, token), 200, NO_STORE);
  });

  router.get('/keys', async (c) => c.json(await deps.signer.publicJwks()));

  // Credentials in a URL end up in logs and browser history, so these endpoints take POST only.
  for (const path of ['/token', '/revoke', '/introspect']) {
    router.on(['GET', 'PUT', 'PATCH', 'DELETE'], path, () => {
      const error = oauthError(405, 'invalid_request', 'Use POST, with the parameters in a form-encoded body.');
      error.headers['Allow'] = 'POST';
      throw error;
    });
  }
  return router;
}

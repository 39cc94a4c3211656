import { Hono } from 'hono';
import type { AppDeps } from '../../config';
import { oauthError } from '../../http/errors';
import { hashSecret } from '../../storage/ids';
import { authorizeRoutes } from './authorize-routes';
import { authenticateClient } from './client-auth';
import { readOAuthForm } from './form-body';
import { authorizationCodeGrant, clientCredentialsGrant, refreshTokenGrant } from './grants';

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/** Authentication v2: `/authentication/v2/*`. */
export function authenticationRoutes(deps: AppDeps) {
  const router = new Hono();
  router.route('/authorize', authorizeRoutes(deps));

  router.post('/token', async (c) => {
    const form = await readOAuthForm(c);
    const app = await authenticateClient(c, form, deps.stores.apps);
    const grantType = form.get('grant_type');
    const grant =
      grantType === 'authorization_code' ? authorizationCodeGrant
      : grantType === 'client_credentials' ? clientCredentialsGrant
      : grantType === 'refresh_token' ? refreshTokenGrant
      : undefined;
    if (!grant) {
      throw oauthError(400, 'unsupported_grant_type', grantType ? `grant_type ${grantType} is not supported.` : 'grant_type is required.');
    }
    return c.json(await grant(deps, app, form), 200, NO_STORE);
  });

  router.post('/revoke', async (c) => {
    const form = await readOAuthForm(c);
    const app = await authenticateClient(c, form, deps.stores.apps);
    const token = form.get('token');
    const hint = form.get('token_type_hint');
    if (!token) throw oauthError(400, 'invalid_request', 'token is required.');
    if (hint !== undefined && hint !== 'access_token' && hint !== 'refresh_token') {
      throw oauthError(400, 'unsupported_token_type', 'token_type_hint must be access_token or refresh_token.');
    }
    const now = deps.clock.now();
    // RFC 7009: an unknown token, or another client's, is answered 200 all the same and left alone.
    const family = await deps.stores.oauth.findRefreshFamily(hashSecret(token));
    if (family) {
      if (family.clientId === app.clientId) await deps.stores.oauth.revokeFamily(family.id, now);
    } else {
      const claims = await deps.signer.verifyAccessToken(token, now);
      if (claims) await deps.stores.oauth.revokeAccessToken(claims.jti, app.clientId, now);
    }
    return c.body(null, 200, NO_STORE);
  });

  router.get('/keys', async (c) => c.json(await deps.signer.publicJwks()));

  const wrongMethod = () => {
    throw oauthError(405, 'invalid_request', 'Use POST for this endpoint.');
  };
  router.get('/token', wrongMethod);
  router.get('/revoke', wrongMethod);
  return router;
}

import { Hono } from 'hono';
import type { AppDeps } from '../../config';
import { requireToken, type AuthVariables, type TokenCheck } from '../../http/auth';
import { gatewayAuthError } from '../../http/errors';
import { browserSessions } from './browser-session';
import { authLimit } from './limits';
import { openIdConfiguration, userInfoOf } from './openid';
import { sendPage } from './page-response';
import { errorPage, signedOutPage } from './pages';

/**
 * Where a logout may send the browser: only to the origin of a callback that some app registered.
 * Anything else would make the platform an open redirector for whoever crafts the link.
 */
async function registeredTarget(deps: AppDeps, target: string): Promise<string | null> {
  const url = URL.canParse(target) ? new URL(target) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  const callbacks = await deps.stores.apps.listAllCallbacks();
  const known = callbacks.some((callback) => URL.canParse(callback) && new URL(callback).origin === url.origin);
  return known ? url.toString() : null;
}

/** The signed-in person's side: logout (the browser session), userinfo, and OIDC discovery. */
export function sessionRoutes(deps: AppDeps, tokens: TokenCheck) {
  const router = new Hono<{ Variables: AuthVariables }>();
  const sessions = browserSessions(deps);

  router.get('/authentication/v2/logout', authLimit(deps, 'logout'), async (c) => {
    const requested = c.req.query('post_logout_redirect_uri');
    const target = requested === undefined ? null : await registeredTarget(deps, requested);
    if (requested !== undefined && target === null) {
      // Checked before signing out, so a bad link changes nothing.
      const page = errorPage(
        'This sign-out link is not valid',
        'post_logout_redirect_uri is not at the address of any registered app.',
      );
      return sendPage(c, page, 400);
    }
    await sessions.end(c);
    c.header('Cache-Control', 'no-store');
    if (target !== null) return c.redirect(target, 302);
    return sendPage(c, signedOutPage());
  });

  router.get('/.well-known/openid-configuration', (c) => c.json(openIdConfiguration(deps.config.issuer)));

  router.get('/userinfo', requireToken(tokens, ['user-profile:read', 'openid'], { userOnly: true }), async (c) => {
    const userId = c.get('token').userId;
    const user = userId ? await deps.stores.users.findById(userId) : undefined;
    if (!user) throw gatewayAuthError(401, 'AUTH-006', 'The user this token was issued to no longer exists.');
    c.header('Cache-Control', 'no-store');
    return c.json(userInfoOf(user));
  });
  return router;
}

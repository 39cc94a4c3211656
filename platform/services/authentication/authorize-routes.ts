import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { AUTH_REQUEST_TTL_SECONDS, type AppDeps } from '../../config';
import { newSecret } from '../../storage/ids';
import type { AuthRequest } from '../../storage/repos/oauth';
import { checkAuthorize, redirectWith } from './authorize-request';
import { browserSessions } from './browser-session';
import { consentCovers, issueCode } from './code-issuer';
import { authLimit } from './limits';
import { fromOwnPage, pageError, readPageForm, sendPage } from './page-response';
import { consentPage, errorPage, rateLimitedPage, signInPage } from './pages';
import { verifyPassword } from './passwords';

const REQUEST_COOKIE = 'ddm_authreq';
const REQUEST_COOKIE_PATH = '/authentication/v2/authorize';
// Verifying against a real hash when the email is unknown keeps both answers equally slow.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

const secs = (n: number) => n * 1000;
const field = (form: Record<string, unknown>, name: string): string => {
  const value = form[name];
  return typeof value === 'string' ? value : '';
};

/**
 * The browser-facing half of the 3-legged flow: sign-in, consent and the redirect with a code. The
 * password is asked when this browser has no platform session (or the app sent `prompt=login`);
 * consent when the person never allowed the app all the requested scopes (or it sent `prompt=consent`).
 */
export function authorizeRoutes(deps: AppDeps) {
  const { stores, clock } = deps;
  const router = new Hono();
  const sessions = browserSessions(deps);
  const origin = (uri: string) => new URL(uri).origin;

  /** The pending request this browser started, from one of our pages, checked against the form's CSRF token. */
  async function pendingRequest(
    c: Context,
    requestId: string | undefined,
    csrf: string,
  ): Promise<AuthRequest | undefined> {
    if (!fromOwnPage(c, deps.config.issuer)) return undefined;
    if (!requestId || getCookie(c, REQUEST_COOKIE) !== requestId) return undefined;
    const request = await stores.oauth.findAuthRequest(requestId, clock.now());
    return request && csrf === request.csrfToken ? request : undefined;
  }
  const expiredPage = (c: Context) =>
    sendPage(
      c,
      errorPage('This sign-in has expired', 'The sign-in page was open too long, or it was opened in another browser.'),
      400,
    );

  async function showConsent(c: Context, request: AuthRequest, userId: string) {
    const [app, user, allowed] = await Promise.all([
      stores.apps.find(request.clientId),
      stores.users.findById(userId),
      stores.consents.grantedScopes(userId, request.clientId),
    ]);
    if (!app || !user) return expiredPage(c);
    const input = {
      requestId: request.id,
      csrf: request.csrfToken,
      appName: app.name,
      userName: user.name,
      scopes: request.scopes,
      allowed,
    };
    return sendPage(c, consentPage(input), 200, origin(request.redirectUri));
  }
  /** Ends a pending request with the redirect that carries its code; a second submission finds it gone. */
  async function finish(c: Context, request: AuthRequest, userId: string) {
    if (!(await stores.oauth.takeAuthRequest(request.id))) return expiredPage(c);
    deleteCookie(c, REQUEST_COOKIE, { path: REQUEST_COOKIE_PATH });
    return c.redirect(await issueCode(deps, { ...request, userId }), 303);
  }

  router.get(
    '/',
    authLimit(deps, 'authorize', (retryAfter) => pageError(rateLimitedPage(retryAfter), 429)),
    async (c) => {
      const check = await checkAuthorize(new URL(c.req.url).searchParams, (clientId) => stores.apps.find(clientId));
      if (check.kind === 'page') return sendPage(c, errorPage(check.title, check.message), 400);
      if (check.kind === 'redirect') {
        return c.redirect(
          redirectWith(check.redirectUri, {
            error: check.error,
            error_description: check.description,
            state: check.state,
          }),
          302,
        );
      }
      const { request } = check;
      const sessionUser = request.prompt.login ? undefined : await sessions.currentUser(c);
      const asksConsent =
        sessionUser !== undefined &&
        (request.prompt.consent || !(await consentCovers(deps, sessionUser, request.app.clientId, request.scopes)));
      const fail = (error: string, description: string) =>
        c.redirect(
          redirectWith(request.redirectUri, { error, error_description: description, state: request.state }),
          302,
        );
      // OpenID Connect Core §3.1.2.6: with prompt=none no page is shown; the app learns why it got no code.
      if (request.prompt.none && !sessionUser)
        return fail('login_required', 'This browser is not signed in to the platform.');
      if (request.prompt.none && asksConsent)
        return fail('consent_required', 'The user has not allowed this app every scope it asks for.');
      if (sessionUser && !asksConsent) {
        const grant = { ...request, clientId: request.app.clientId, userId: sessionUser };
        return c.redirect(await issueCode(deps, grant), 302);
      }
      const pending: AuthRequest = {
        id: newSecret(),
        clientId: request.app.clientId,
        redirectUri: request.redirectUri,
        scopes: request.scopes,
        state: request.state,
        nonce: request.nonce,
        codeChallenge: request.codeChallenge,
        csrfToken: newSecret(),
        userId: sessionUser ?? null,
        promptConsent: request.prompt.consent,
        expiresAt: new Date(clock.now().getTime() + secs(AUTH_REQUEST_TTL_SECONDS)),
      };
      await stores.oauth.saveAuthRequest(pending);
      setCookie(c, REQUEST_COOKIE, pending.id, {
        httpOnly: true,
        sameSite: 'Lax',
        path: REQUEST_COOKIE_PATH,
        maxAge: AUTH_REQUEST_TTL_SECONDS,
      });
      if (sessionUser) return showConsent(c, pending, sessionUser);
      // The sign-in form may answer with the redirect back to the app (consent remembered): CSP's
      // form-action covers redirects, so the app's origin is allowed as on the consent page.
      return sendPage(
        c,
        signInPage({ requestId: pending.id, csrf: pending.csrfToken, appName: request.app.name }),
        200,
        origin(request.redirectUri),
      );
    },
  );

  router.post('/signin', async (c) => {
    const form = await readPageForm(c);
    const requestId = field(form, 'request_id');
    const request = await pendingRequest(c, requestId, field(form, 'csrf'));
    if (!request) return expiredPage(c);
    const email = field(form, 'username').trim();
    const user = email ? await stores.users.findByEmail(email) : undefined;
    const ok = await verifyPassword(field(form, 'password'), user?.passwordHash ?? DUMMY_HASH);
    if (!user || !ok) {
      const app = await stores.apps.find(request.clientId);
      const page = signInPage({
        requestId,
        csrf: request.csrfToken,
        appName: app?.name ?? '',
        email,
        error: 'The email or password is not right. Check them and try again.',
      });
      return sendPage(c, page, 401, origin(request.redirectUri));
    }
    await sessions.start(c, user.id);
    if (!request.promptConsent && (await consentCovers(deps, user.id, request.clientId, request.scopes)))
      return finish(c, request, user.id);
    await stores.oauth.setAuthRequestUser(request.id, user.id);
    return showConsent(c, request, user.id);
  });

  router.post('/consent', async (c) => {
    const form = await readPageForm(c);
    const request = await pendingRequest(c, field(form, 'request_id'), field(form, 'csrf'));
    if (!request?.userId) return expiredPage(c);
    if (form['decision'] === 'allow') {
      // Remembered before the code is issued: the consent is the person's, whatever the app does next.
      await stores.consents.remember(request.userId, request.clientId, request.scopes, clock.now());
      return finish(c, request, request.userId);
    }
    if (!(await stores.oauth.takeAuthRequest(request.id))) return expiredPage(c);
    deleteCookie(c, REQUEST_COOKIE, { path: REQUEST_COOKIE_PATH });
    return c.redirect(
      redirectWith(request.redirectUri, {
        error: 'access_denied',
        error_description: 'The user denied access.',
        state: request.state,
      }),
      303,
    );
  });

  return router;
}

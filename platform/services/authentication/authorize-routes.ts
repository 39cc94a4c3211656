import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { AUTH_CODE_TTL_SECONDS, AUTH_REQUEST_TTL_SECONDS, type AppDeps } from '../../config';
import { controlTextProblem } from '../../http/text-rules';
import { hashSecret, newSecret } from '../../storage/ids';
import type { AuthRequest } from '../../storage/repos/oauth';
import { checkAuthorize, redirectWith } from './authorize-request';
import { browserSessions } from './browser-session';
import { authLimit } from './limits';
import { badPageRequest, pageError, sendPage } from './page-response';
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

/** The sign-in and consent forms, with nothing in them that a person could not have typed. */
async function readPageForm(c: Context): Promise<Record<string, unknown>> {
  const form = await c.req.parseBody().catch(() => {
    throw badPageRequest('The form could not be read.');
  });
  for (const [name, value] of Object.entries(form)) {
    const problem = controlTextProblem(name) ?? (typeof value === 'string' ? controlTextProblem(value) : undefined);
    if (problem) throw badPageRequest(`A field of the form ${problem}.`);
  }
  return form;
}

/** The browser-facing half of the 3-legged flow: sign-in, consent and the redirect with a code. */
export function authorizeRoutes(deps: AppDeps) {
  const { stores, clock } = deps;
  const router = new Hono();
  const sessions = browserSessions(deps);
  const origin = (uri: string) => new URL(uri).origin;

  /**
   * The pending request this browser started, checked against the form's CSRF token. A post that a
   * page of another origin made is refused outright. (Our pages send `Origin: null`: their
   * Referrer-Policy is no-referrer.)
   */
  async function pendingRequest(c: Context, requestId: string | undefined, csrf: string): Promise<AuthRequest | undefined> {
    const from = c.req.header('origin');
    const ours = [new URL(c.req.url).origin, URL.canParse(deps.config.issuer) ? new URL(deps.config.issuer).origin : '', 'null'];
    if (from !== undefined && !ours.includes(from)) return undefined;
    if (!requestId || getCookie(c, REQUEST_COOKIE) !== requestId) return undefined;
    const request = await stores.oauth.findAuthRequest(requestId, clock.now());
    return request && csrf === request.csrfToken ? request : undefined;
  }
  const expiredPage = (c: Context) =>
    sendPage(c, errorPage('This sign-in has expired', 'The sign-in page was open too long, or it was opened in another browser.'), 400);

  async function showConsent(c: Context, request: AuthRequest, userId: string) {
    const [app, user] = await Promise.all([stores.apps.find(request.clientId), stores.users.findById(userId)]);
    if (!app || !user) return expiredPage(c);
    const page = consentPage({ requestId: request.id, csrf: request.csrfToken, appName: app.name, userName: user.name, scopes: request.scopes });
    return sendPage(c, page, 200, origin(request.redirectUri));
  }

  router.get('/', authLimit(deps, 'authorize', (retryAfter) => pageError(rateLimitedPage(retryAfter), 429)), async (c) => {
    const check = await checkAuthorize(new URL(c.req.url).searchParams, (clientId) => stores.apps.find(clientId));
    if (check.kind === 'page') return sendPage(c, errorPage(check.title, check.message), 400);
    if (check.kind === 'redirect') {
      return c.redirect(redirectWith(check.redirectUri, { error: check.error, error_description: check.description, state: check.state }), 302);
    }
    const { request } = check;
    const sessionUser = request.forceLogin ? undefined : await sessions.currentUser(c);
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
      expiresAt: new Date(clock.now().getTime() + secs(AUTH_REQUEST_TTL_SECONDS)),
    };
    await stores.oauth.saveAuthRequest(pending);
    setCookie(c, REQUEST_COOKIE, pending.id, { httpOnly: true, sameSite: 'Lax', path: REQUEST_COOKIE_PATH, maxAge: AUTH_REQUEST_TTL_SECONDS });
    if (sessionUser) return showConsent(c, pending, sessionUser);
    return sendPage(c, signInPage({ requestId: pending.id, csrf: pending.csrfToken, appName: request.app.name }));
  });

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
      const page = signInPage({ requestId, csrf: request.csrfToken, appName: app?.name ?? '', email, error: 'The email or password is not right. Check them and try again.' });
      return sendPage(c, page, 401);
    }
    await sessions.start(c, user.id);
    await stores.oauth.setAuthRequestUser(request.id, user.id);
    return showConsent(c, request, user.id);
  });

  router.post('/consent', async (c) => {
    const form = await readPageForm(c);
    const request = await pendingRequest(c, field(form, 'request_id'), field(form, 'csrf'));
    if (!request?.userId || !(await stores.oauth.takeAuthRequest(request.id))) return expiredPage(c);
    deleteCookie(c, REQUEST_COOKIE, { path: REQUEST_COOKIE_PATH });
    if (form['decision'] !== 'allow') {
      return c.redirect(redirectWith(request.redirectUri, { error: 'access_denied', error_description: 'The user denied access.', state: request.state }), 303);
    }
    const code = newSecret();
    await stores.oauth.saveCode(hashSecret(code), {
      clientId: request.clientId,
      userId: request.userId,
      redirectUri: request.redirectUri,
      scopes: request.scopes,
      codeChallenge: request.codeChallenge,
      nonce: request.nonce,
      expiresAt: new Date(clock.now().getTime() + secs(AUTH_CODE_TTL_SECONDS)),
    });
    return c.redirect(redirectWith(request.redirectUri, { code, state: request.state }), 303);
  });

  return router;
}

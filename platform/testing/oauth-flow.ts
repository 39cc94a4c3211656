import type { TokenResponse } from '../../contracts/authentication';
import { s256 } from '../services/authentication/pkce';
import { TEST_APP_ORIGIN, type TestPlatform } from './test-platform';

export const TEST_CALLBACK = `${TEST_APP_ORIGIN}/auth/callback`;
/** RFC 7636 Appendix B: this verifier's S256 challenge is `TEST_CHALLENGE`. */
export const TEST_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
export const TEST_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';

/** A form-encoded POST, as OAuth clients send to the token, revoke and introspect endpoints. */
export const formPost = (fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
  body: new URLSearchParams(fields).toString(),
});

export const basicAuth = (id: string, secret: string) => ({
  Authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
});

export const tokenRequest = (
  platform: TestPlatform,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) => platform.request('/authentication/v2/token', formPost(fields, headers));

export interface AuthorizeOptions {
  clientId: string;
  email: string;
  password: string;
  scope?: string;
  redirectUri?: string;
  state?: string;
  verifier?: string | null;
  extra?: Record<string, string>;
}

/** The query of an `/authorize` request from a PKCE client, which `overrides` can change or (with null) drop from. */
export function authorizeQuery(clientId: string, overrides: Record<string, string | null> = {}): URLSearchParams {
  const params: Record<string, string | null> = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: TEST_CALLBACK,
    scope: 'data:read',
    state: 'state-1',
    code_challenge: TEST_CHALLENGE,
    code_challenge_method: 'S256',
    ...overrides,
  };
  return new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== null));
}

/** Opens the sign-in page: its cookie and the hidden fields the next form must carry. */
export async function openSignIn(platform: TestPlatform, query: URLSearchParams) {
  const start = await platform.request(`/authentication/v2/authorize?${query.toString()}`);
  if (start.status !== 200) throw new Error(`authorize answered ${start.status}: ${await start.text()}`);
  const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0]!;
  const html = await start.text();
  return { response: start, cookie, fields: { request_id: hidden(html, 'request_id'), csrf: hidden(html, 'csrf') } };
}

/** Signs in on the page `openSignIn` opened; answers the consent page. */
export async function submitSignIn(
  platform: TestPlatform,
  page: Awaited<ReturnType<typeof openSignIn>>,
  email: string,
  password: string,
) {
  return platform.request(
    '/authentication/v2/authorize/signin',
    formPost({ ...page.fields, username: email, password }, { Cookie: page.cookie }),
  );
}

/** Walks the browser half of the 3-legged flow (authorize, sign in, allow if asked) and returns the code. */
export async function authorizeCode(platform: TestPlatform, options: AuthorizeOptions): Promise<string> {
  const query = authorizeQuery(options.clientId, {
    redirect_uri: options.redirectUri ?? TEST_CALLBACK,
    scope: options.scope ?? 'data:read',
    state: options.state ?? 'state-1',
    ...(options.verifier === null
      ? { code_challenge: null, code_challenge_method: null }
      : { code_challenge: s256(options.verifier ?? TEST_VERIFIER) }),
    ...options.extra,
  });
  const page = await openSignIn(platform, query);
  const signIn = await submitSignIn(platform, page, options.email, options.password);
  if (signIn.status !== 200 && signIn.status !== 303) throw new Error(`sign-in answered ${signIn.status}`);
  // A person who allowed these scopes before is sent straight back; anyone else sees the consent page.
  const consent =
    signIn.status === 303
      ? signIn
      : await platform.request(
          '/authentication/v2/authorize/consent',
          formPost({ ...page.fields, decision: 'allow' }, { Cookie: page.cookie }),
        );
  const location = new URL(consent.headers.get('location') ?? '');
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no code in ${location.toString()}`);
  return code;
}

export async function exchangeCode(platform: TestPlatform, clientId: string, code: string, verifier = TEST_VERIFIER) {
  return tokenRequest(platform, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: TEST_CALLBACK,
    code_verifier: verifier,
    client_id: clientId,
  });
}

/** A spa app, a user, and a 3-legged token for that user. */
export async function signedInUser(platform: TestPlatform, scope = 'data:read') {
  const { client_id: clientId } = await platform.registerApp({
    name: 'Test SPA',
    type: 'spa',
    callback: [TEST_CALLBACK],
  });
  const user = await platform.addUser();
  const code = await authorizeCode(platform, { clientId, email: user.email, password: user.password, scope });
  const tokens = (await (await exchangeCode(platform, clientId, code)).json()) as TokenResponse;
  return { clientId, user, tokens, bearer: { Authorization: `Bearer ${tokens.access_token}` } };
}

/** A confidential app: `web` signs users in (and has a callback), `server` works 2-legged only. */
export async function confidentialApp(platform: TestPlatform, type: 'web' | 'server' = 'web', scopes?: string) {
  const created = await platform.registerApp({
    name: `Test ${type}`,
    type,
    ...(type === 'web' ? { callback: [TEST_CALLBACK] } : {}),
    ...(scopes ? { scopes } : {}),
  });
  const clientSecret = created.client_secret ?? '';
  return { clientId: created.client_id, clientSecret, basic: basicAuth(created.client_id, clientSecret) };
}

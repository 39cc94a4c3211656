import type { TokenResponse } from '../../contracts/authentication';
import { s256 } from '../services/authentication/pkce';
import { TEST_APP_ORIGIN, type TestPlatform } from './test-platform';

export const TEST_CALLBACK = `${TEST_APP_ORIGIN}/auth/callback`;
export const TEST_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';

const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

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

/** Walks the browser half of the 3-legged flow (authorize, sign in, allow) and returns the code. */
export async function authorizeCode(platform: TestPlatform, options: AuthorizeOptions): Promise<string> {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: options.clientId,
    redirect_uri: options.redirectUri ?? TEST_CALLBACK,
    scope: options.scope ?? 'data:read',
    state: options.state ?? 'state-1',
    ...(options.verifier === null ? {} : { code_challenge: s256(options.verifier ?? TEST_VERIFIER), code_challenge_method: 'S256' }),
    ...options.extra,
  });
  const start = await platform.request(`/authentication/v2/authorize?${query}`);
  if (start.status !== 200) throw new Error(`authorize answered ${start.status}: ${await start.text()}`);
  const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0]!;
  const html = await start.text();
  const ids = { request_id: hidden(html, 'request_id'), csrf: hidden(html, 'csrf') };
  const signIn = await platform.request('/authentication/v2/authorize/signin', {
    ...form({ ...ids, username: options.email, password: options.password }),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
  const consent = await platform.request('/authentication/v2/authorize/consent', {
    ...form({ ...ids, decision: 'allow' }),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
  });
  const location = new URL(consent.headers.get('location') ?? '');
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no code in ${location.toString()}`);
  return code;
}

export async function exchangeCode(platform: TestPlatform, clientId: string, code: string, verifier = TEST_VERIFIER) {
  return platform.request('/authentication/v2/token', form({
    grant_type: 'authorization_code', code, redirect_uri: TEST_CALLBACK, code_verifier: verifier, client_id: clientId,
  }));
}

/** A spa app, a user, and a 3-legged token for that user. */
export async function signedInUser(platform: TestPlatform, scope = 'data:read') {
  const { client_id: clientId } = await platform.registerApp({ name: 'Test SPA', type: 'spa', callback: [TEST_CALLBACK] });
  const user = await platform.addUser();
  const code = await authorizeCode(platform, { clientId, email: user.email, password: user.password, scope });
  const tokens = (await (await exchangeCode(platform, clientId, code)).json()) as TokenResponse;
  return { clientId, user, tokens, bearer: { Authorization: `Bearer ${tokens.access_token}` } };
}

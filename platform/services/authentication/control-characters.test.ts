import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthErrorBody } from '../../../contracts/authentication';
import {
  authorizeQuery,
  basicAuth,
  confidentialApp,
  formPost,
  openSignIn,
  TEST_CALLBACK,
  tokenRequest,
} from '../../testing/oauth-flow';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// Issue 26: the OAuth endpoints answer a NUL with their own bodies: RFC 6749 JSON for the
// back-channel endpoints, an HTML page for what a browser opens. Never a 500.
let platform: TestPlatform;
let spaClientId: string;
beforeAll(async () => {
  platform = await createTestPlatform();
  spaClientId = (await platform.registerApp({ name: 'Nul SPA', type: 'spa', callback: [TEST_CALLBACK] })).client_id;
});
afterAll(() => platform.close());

async function expectOAuthError(response: Response, status: number, error: string) {
  expect(response.status).toBe(status);
  expect(((await response.json()) as OAuthErrorBody).error).toBe(error);
}

async function expectPage(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('text/html');
  expect(await response.text()).toContain('<html');
}

describe('POST /authentication/v2/token, revoke and introspect', () => {
  it('answers 400 invalid_request to a NUL in client_id or any other form field', async () => {
    await expectOAuthError(
      await tokenRequest(platform, { grant_type: 'client_credentials', client_id: 'a\u0000b' }),
      400,
      'invalid_request',
    );
    await expectOAuthError(
      await tokenRequest(platform, { grant_type: 'authorization_code', client_id: spaClientId, code: '\u0000' }),
      400,
      'invalid_request',
    );
    await expectOAuthError(
      await platform.request('/authentication/v2/revoke', formPost({ token: '\u0000', client_id: spaClientId })),
      400,
      'invalid_request',
    );
    await expectOAuthError(
      await platform.request('/authentication/v2/introspect', formPost({ token: 'x', client_id: '\u0000' })),
      400,
      'invalid_request',
    );
  });

  it('answers 401 invalid_client to Basic credentials whose client id holds a NUL', async () => {
    const app = await confidentialApp(platform, 'server');
    const response = await tokenRequest(
      platform,
      { grant_type: 'client_credentials', scope: 'data:read' },
      basicAuth(`${app.clientId}\u0000`, app.clientSecret),
    );
    await expectOAuthError(response, 401, 'invalid_client');
  });

  it('answers 400 invalid_request to a NUL in the query string of the token endpoint', async () => {
    await expectOAuthError(
      await platform.request('/authentication/v2/token?client_id=%00', formPost({ grant_type: 'client_credentials' })),
      400,
      'invalid_request',
    );
  });
});

describe('the browser pages', () => {
  it('answers GET /authorize with a NUL in client_id, redirect_uri or state with a 400 page', async () => {
    const cases: Record<string, string>[] = [
      { client_id: 'a\u0000b' },
      { redirect_uri: `${TEST_CALLBACK}\u0000` },
      { state: '\u0000' },
    ];
    for (const overrides of cases) {
      const query = authorizeQuery(spaClientId, overrides);
      await expectPage(await platform.request(`/authentication/v2/authorize?${query.toString()}`), 400);
    }
  });

  it('answers a sign-in or consent form with a NUL with a 400 page, and signs nobody in', async () => {
    const page = await openSignIn(platform, authorizeQuery(spaClientId));
    const signIn = await platform.request(
      '/authentication/v2/authorize/signin',
      formPost({ ...page.fields, username: 'someone\u0000@example.com', password: 'x' }, { Cookie: page.cookie }),
    );
    await expectPage(signIn, 400);
    expect(signIn.headers.get('set-cookie')).toBeNull();
    const consent = await platform.request(
      '/authentication/v2/authorize/consent',
      formPost(
        { ...page.fields, request_id: `${page.fields.request_id}\u0000`, decision: 'allow' },
        { Cookie: page.cookie },
      ),
    );
    await expectPage(consent, 400);
  });

  it('answers a logout link with a NUL in post_logout_redirect_uri with a 400 page', async () => {
    await expectPage(
      await platform.request('/authentication/v2/logout?post_logout_redirect_uri=http%3A%2F%2Fapp.test%00'),
      400,
    );
  });
});

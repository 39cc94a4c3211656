import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeQuery,
  confidentialApp,
  formPost,
  openSignIn,
  submitSignIn,
  TEST_CALLBACK,
} from '../../testing/oauth-flow';
import { createTestPlatform, TEST_APP_ORIGIN, type TestPlatform } from '../../testing/test-platform';

// platform-anchors.md §2.1, checks 1–8: the authorization endpoint.
// One platform per file: every test makes its own app and user, so they do not meet.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

const spa = async () =>
  (await platform.registerApp({ name: 'Checks SPA', type: 'spa', callback: [TEST_CALLBACK] })).client_id;
const authorize = (query: URLSearchParams) => platform.request(`/authentication/v2/authorize?${query.toString()}`);

/** The redirect back to the app, as a URL, after checking it goes to the registered callback. */
function redirectBack(response: Response): URL {
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(TEST_CALLBACK);
  return location;
}

async function expectErrorPage(response: Response, text: string) {
  expect(response.status).toBe(400);
  expect(response.headers.get('location')).toBeNull();
  expect(response.headers.get('content-type')).toContain('text/html');
  expect(await response.text()).toContain(text);
}

describe('OAuth checks: authorization endpoint', () => {
  it('check 1: redirect_uri is compared with the registered callback as an exact string', async () => {
    const clientId = await spa();
    expect((await authorize(authorizeQuery(clientId))).status).toBe(200);
    const variants = [
      `${TEST_CALLBACK}/extra`,
      TEST_CALLBACK.replace('callback', 'Callback'),
      TEST_CALLBACK.toUpperCase(),
      `${TEST_CALLBACK}?next=1`,
      `${TEST_CALLBACK}/`,
      TEST_CALLBACK.replace(TEST_APP_ORIGIN, `${TEST_APP_ORIGIN}:8443`),
      TEST_CALLBACK.replace('http:', 'https:'),
      `${TEST_CALLBACK}#fragment`,
    ];
    for (const redirectUri of variants) {
      await expectErrorPage(
        await authorize(authorizeQuery(clientId, { redirect_uri: redirectUri })),
        'does not match any callback URL',
      );
    }
  });

  it('check 2: an unknown client or a bad redirect_uri gets an error page, never a redirect', async () => {
    const clientId = await spa();
    await expectErrorPage(await authorize(authorizeQuery('no-such-client')), 'No app is registered');
    await expectErrorPage(
      await authorize(authorizeQuery(clientId, { redirect_uri: 'https://evil.example/cb' })),
      'does not match',
    );
    await expectErrorPage(
      await authorize(authorizeQuery(clientId, { redirect_uri: null })),
      'redirect_uri parameter is missing',
    );
    await expectErrorPage(
      await authorize(authorizeQuery(clientId, { client_id: null })),
      'client_id parameter is missing',
    );
    // Even an otherwise broken request is not redirected while the redirect_uri is not trusted.
    const both = authorizeQuery(clientId, { redirect_uri: 'https://evil.example/cb', response_type: 'token' });
    await expectErrorPage(await authorize(both), 'does not match');
  });

  it('check 3: state comes back unchanged, with the code and with an error', async () => {
    const clientId = await spa();
    const state = 'Az09,._-state';
    const page = await openSignIn(platform, authorizeQuery(clientId, { state }));
    const user = await platform.addUser();
    await submitSignIn(platform, page, user.email, user.password);
    const consent = await platform.request(
      '/authentication/v2/authorize/consent',
      formPost({ ...page.fields, decision: 'allow' }, { Cookie: page.cookie }),
    );
    const withCode = new URL(consent.headers.get('location') ?? '');
    expect(withCode.searchParams.get('code')).toBeTruthy();
    expect(withCode.searchParams.get('state')).toBe(state);
    const withError = redirectBack(await authorize(authorizeQuery(clientId, { state, scope: 'no:such-scope' })));
    expect(withError.searchParams.get('error')).toBe('invalid_scope');
    expect(withError.searchParams.get('state')).toBe(state);
  });

  it('check 4: a public client without code_challenge is sent back with invalid_request', async () => {
    const clientId = await spa();
    const location = redirectBack(
      await authorize(authorizeQuery(clientId, { code_challenge: null, code_challenge_method: null })),
    );
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/code_challenge/);
    // A confidential web app may still use the flow without PKCE.
    const web = await confidentialApp(platform, 'web');
    expect(
      (await authorize(authorizeQuery(web.clientId, { code_challenge: null, code_challenge_method: null }))).status,
    ).toBe(200);
  });

  it('check 5: code_challenge_method plain, or none given, is refused: only S256 is offered', async () => {
    const clientId = await spa();
    for (const method of ['plain', null, 's256', 'S512']) {
      const location = redirectBack(await authorize(authorizeQuery(clientId, { code_challenge_method: method })));
      expect(location.searchParams.get('error')).toBe('invalid_request');
      expect(location.searchParams.get('error_description')).toMatch(/S256/);
    }
  });

  it('check 6: an unsupported response_type (token, id_token, none) is an error', async () => {
    const clientId = await spa();
    for (const responseType of ['token', 'id_token', 'code token', null]) {
      const location = redirectBack(await authorize(authorizeQuery(clientId, { response_type: responseType })));
      expect(location.searchParams.get('error')).toBe('unsupported_response_type');
      expect(location.searchParams.has('code')).toBe(false);
    }
  });

  it('check 7: a parameter sent twice is refused', async () => {
    const clientId = await spa();
    for (const name of ['scope', 'state', 'response_type', 'code_challenge']) {
      const query = authorizeQuery(clientId);
      query.append(name, query.get(name) ?? 'x');
      const location = redirectBack(await authorize(query));
      expect(location.searchParams.get('error')).toBe('invalid_request');
      expect(location.searchParams.get('error_description')).toContain(name);
    }
    for (const name of ['client_id', 'redirect_uri']) {
      const query = authorizeQuery(clientId);
      query.append(name, query.get(name) ?? 'x');
      await expectErrorPage(await authorize(query), 'appears more than once');
    }
  });

  it('check 8: the sign-in, consent and error pages cannot be framed and send no referrer', async () => {
    const clientId = await spa();
    const page = await openSignIn(platform, authorizeQuery(clientId));
    const user = await platform.addUser();
    const consent = await submitSignIn(platform, page, user.email, user.password);
    expect(await consent.text()).toContain('Allow access?');
    const error = await authorize(authorizeQuery('no-such-client'));
    for (const response of [page.response, consent, error]) {
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });
});

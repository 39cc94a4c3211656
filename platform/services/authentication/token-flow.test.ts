import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthErrorBody, TokenResponse } from '../../../contracts/authentication';
import {
  authorizeCode,
  authorizeQuery,
  exchangeCode,
  formPost,
  openSignIn,
  signedInUser,
  TEST_CALLBACK,
} from '../../testing/oauth-flow';
import { createTestPlatform, TEST_ISSUER, type TestPlatform } from '../../testing/test-platform';

// One platform per file: every test makes its own app, user and hubs, so they do not meet.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

describe('authorization code with PKCE', () => {
  it('issues an RS256 access token with client, user, scopes and expiry, not to be cached', async () => {
    const { clientId, user } = await signedInUser(platform);
    const code = await authorizeCode(platform, {
      clientId,
      email: user.email,
      password: user.password,
      scope: 'data:read openid',
    });
    const response = await exchangeCode(platform, clientId, code);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as TokenResponse;
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(3600);
    expect(body.refresh_token).toMatch(/^[\w-]{40,}$/);
    expect(decodeProtectedHeader(body.access_token).alg).toBe('RS256');
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({
      client_id: clientId,
      userid: user.id,
      scope: ['data:read', 'openid'],
      iss: TEST_ISSUER,
    });
    expect(claims.exp).toBe(Math.floor(platform.clock.now().getTime() / 1000) + 3600);
    expect(decodeJwt(body.id_token!)).toMatchObject({
      sub: user.id,
      aud: clientId,
      email: user.email,
      name: user.name,
    });
  });

  it('refuses a second use of a code and withdraws what the first use issued', async () => {
    const { clientId, user } = await signedInUser(platform);
    const code = await authorizeCode(platform, { clientId, email: user.email, password: user.password });
    const first = (await (await exchangeCode(platform, clientId, code)).json()) as TokenResponse;
    const second = await exchangeCode(platform, clientId, code);
    expect(second.status).toBe(400);
    expect(((await second.json()) as OAuthErrorBody).error).toBe('invalid_grant');
    const hubs = await platform.request('/project/v1/hubs', {
      headers: { Authorization: `Bearer ${first.access_token}` },
    });
    expect(hubs.status).toBe(401);
  });

  it('refuses a wrong code_verifier', async () => {
    const { clientId, user } = await signedInUser(platform);
    const code = await authorizeCode(platform, { clientId, email: user.email, password: user.password });
    const response = await exchangeCode(platform, clientId, code, 'x'.repeat(43));
    expect(response.status).toBe(400);
    expect(((await response.json()) as OAuthErrorBody).error_description).toMatch(/code_verifier/);
  });

  it('sends a spa without code_challenge back to its callback with invalid_request and the state', async () => {
    const { clientId } = await signedInUser(platform);
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: TEST_CALLBACK,
      scope: 'data:read',
      state: 's-9',
    });
    const response = await platform.request(`/authentication/v2/authorize?${query.toString()}`);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(TEST_CALLBACK);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('state')).toBe('s-9');
  });

  it('never redirects to a redirect_uri that is not registered', async () => {
    const { clientId } = await signedInUser(platform);
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: `${TEST_CALLBACK}/`,
      scope: 'data:read',
    });
    const response = await platform.request(`/authentication/v2/authorize?${query.toString()}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('does not match any callback URL');
  });
});

describe('the sign-in page', () => {
  it('takes a form post only from its own page: right CSRF token, its cookie, no foreign Origin', async () => {
    const { clientId, user } = await signedInUser(platform);
    const page = await openSignIn(platform, authorizeQuery(clientId));
    const post = (fields: Record<string, string>, headers: Record<string, string>) =>
      platform.request(
        '/authentication/v2/authorize/signin',
        formPost({ username: user.email, password: user.password, ...fields }, headers),
      );
    const refused = [
      await post({ ...page.fields, csrf: 'forged' }, { Cookie: page.cookie }),
      await post(page.fields, {}),
      await post(page.fields, { Cookie: page.cookie, Origin: 'https://evil.example' }),
    ];
    for (const response of refused) {
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('This sign-in has expired');
    }
    // Our pages send no referrer, so the browser says `Origin: null`; with the token and cookie that is fine,
    // and this person allowed the app before, so the sign-in goes straight back with a code.
    const ok = await post(page.fields, { Cookie: page.cookie, Origin: 'null' });
    expect(ok.status).toBe(303);
    expect(new URL(ok.headers.get('location') ?? '').searchParams.get('code')).toBeTruthy();
  });

  it('cannot be framed and helps password managers', async () => {
    const { clientId } = await signedInUser(platform);
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: TEST_CALLBACK,
      scope: 'data:read',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const response = await platform.request(`/authentication/v2/authorize?${query.toString()}`);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await response.text();
    expect(html).toContain('autocomplete="username"');
    expect(html).toContain('autocomplete="current-password"');
  });
});

import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  IntrospectResponse,
  OAuthErrorBody,
  OpenIdConfiguration,
  TokenResponse,
  UserInfo,
} from '../../../contracts/authentication';
import {
  authorizeCode,
  authorizeQuery,
  confidentialApp,
  exchangeCode,
  formPost,
  openSignIn,
  signedInUser,
  submitSignIn,
  tokenRequest,
} from '../../testing/oauth-flow';
import { createTestPlatform, TEST_APP_ORIGIN, TEST_ISSUER, type TestPlatform } from '../../testing/test-platform';

// One platform per file: every test makes its own app and user, so they do not meet.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

const introspect = async (clientId: string, token: string) => {
  const response = await platform.request('/authentication/v2/introspect', formPost({ token, client_id: clientId }));
  expect(response.headers.get('cache-control')).toBe('no-store');
  return (await response.json()) as IntrospectResponse;
};

describe('POST /authentication/v2/introspect', () => {
  it('describes an app its own live tokens, and nothing of anyone else’s', async () => {
    const { clientId, user, tokens } = await signedInUser(platform, 'data:read openid');
    const exp = Math.floor(platform.clock.now().getTime() / 1000) + 3600;
    expect(await introspect(clientId, tokens.access_token)).toEqual({
      active: true,
      scope: 'data:read openid',
      client_id: clientId,
      exp,
      userid: user.id,
    });
    expect(await introspect(clientId, tokens.refresh_token!)).toMatchObject({
      active: true,
      client_id: clientId,
      exp: exp - 3600 + 15 * 86_400,
    });
    const stranger = await signedInUser(platform);
    expect(await introspect(stranger.clientId, tokens.access_token)).toEqual({ active: false });
    expect(await introspect(clientId, 'no-such-token')).toEqual({ active: false });

    await tokenRequest(platform, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
      client_id: clientId,
    });
    expect(await introspect(clientId, tokens.refresh_token!)).toEqual({ active: false });
    platform.clock.advance(3600);
    expect(await introspect(clientId, tokens.access_token)).toEqual({ active: false });
  });

  it('takes Basic credentials from a confidential app', async () => {
    const server = await confidentialApp(platform, 'server');
    const token = (await (
      await tokenRequest(platform, { grant_type: 'client_credentials', scope: 'data:read' }, server.basic)
    ).json()) as TokenResponse;
    const response = await platform.request(
      '/authentication/v2/introspect',
      formPost({ token: token.access_token }, server.basic),
    );
    const body = (await response.json()) as IntrospectResponse;
    expect(body).toMatchObject({ active: true, client_id: server.clientId, scope: 'data:read' });
    expect(body).not.toHaveProperty('userid');
  });
});

describe('keys and discovery', () => {
  it('publishes the RS256 key that verifies the access tokens', async () => {
    const { tokens } = await signedInUser(platform);
    const jwks = (await (await platform.request('/authentication/v2/keys')).json()) as JSONWebKeySet;
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', use: 'sig', e: 'AQAB' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const { payload } = await jwtVerify(tokens.access_token, createLocalJWKSet(jwks), {
      currentDate: platform.clock.now(),
    });
    expect(payload.iss).toBe(TEST_ISSUER);
  });

  it('serves the OpenID configuration, and every endpoint it names exists', async () => {
    const config = (await (await platform.request('/.well-known/openid-configuration')).json()) as OpenIdConfiguration;
    expect(config).toMatchObject({
      issuer: TEST_ISSUER,
      token_endpoint: `${TEST_ISSUER}/authentication/v2/token`,
      userinfo_endpoint: `${TEST_ISSUER}/userinfo`,
      revocation_endpoint: `${TEST_ISSUER}/authentication/v2/revoke`,
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['RS256'],
    });
    expect(config.scopes_supported).toEqual(
      expect.arrayContaining(['data:read', 'bucket:create', 'openid', 'user-profile:read']),
    );
    for (const url of [
      config.authorization_endpoint,
      config.token_endpoint,
      config.userinfo_endpoint,
      config.jwks_uri,
      config.revocation_endpoint,
      config.introspection_endpoint,
      config.end_session_endpoint,
    ]) {
      expect((await platform.request(url.slice(TEST_ISSUER.length))).status).not.toBe(404);
    }
  });
});

describe('GET /userinfo', () => {
  it('tells a 3-legged token with user-profile:read or openid who the user is', async () => {
    for (const scope of ['user-profile:read', 'openid']) {
      const { user, bearer } = await signedInUser(platform, scope);
      const response = await platform.request('/userinfo', { headers: bearer });
      expect(response.status).toBe(200);
      const info = (await response.json()) as UserInfo;
      expect(info).toMatchObject({
        sub: user.id,
        name: user.name,
        email: user.email,
        preferred_username: user.email,
        email_verified: true,
      });
      expect(info.given_name).toBe(user.name.split(' ')[0]);
    }
  });

  it('refuses a 2-legged token, and a request without one', async () => {
    const server = await confidentialApp(platform, 'server');
    const token = (await (
      await tokenRequest(platform, { grant_type: 'client_credentials', scope: 'user-profile:read' }, server.basic)
    ).json()) as TokenResponse;
    expect(
      (await platform.request('/userinfo', { headers: { Authorization: `Bearer ${token.access_token}` } })).status,
    ).toBe(403);
    expect((await platform.request('/userinfo')).status).toBe(401);
  });
});

describe('GET /authentication/v2/logout', () => {
  async function signedInBrowser() {
    const { client_id: clientId } = await platform.registerApp({
      name: 'Logout SPA',
      type: 'spa',
      callback: [`${TEST_APP_ORIGIN}/auth/callback`],
    });
    const user = await platform.addUser();
    const page = await openSignIn(platform, authorizeQuery(clientId));
    const signIn = await submitSignIn(platform, page, user.email, user.password);
    const session = /ddm_session=[^;]+/.exec(signIn.headers.get('set-cookie') ?? '')![0];
    // The next authorize in this browser skips the password: it goes straight to consent.
    const again = async () =>
      (
        await platform.request(`/authentication/v2/authorize?${authorizeQuery(clientId).toString()}`, {
          headers: { Cookie: session },
        })
      ).text();
    expect(await again()).toContain('Allow access?');
    return { session, again };
  }

  it('ends the browser session and returns to a registered app origin', async () => {
    const browser = await signedInBrowser();
    const target = `${TEST_APP_ORIGIN}/sign-in?bye=1`;
    const response = await platform.request(
      `/authentication/v2/logout?post_logout_redirect_uri=${encodeURIComponent(target)}`,
      { headers: { Cookie: browser.session } },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(target);
    expect(response.headers.get('set-cookie')).toMatch(/ddm_session=;.*Max-Age=0/);
    expect(await browser.again()).toContain('autocomplete="current-password"');
  });

  it('never redirects elsewhere, and then signs nobody out', async () => {
    const browser = await signedInBrowser();
    for (const target of [
      'https://evil.example/',
      'http://app.test.evil.example/',
      'http://app.test@evil.example/',
      'javascript:alert(1)',
      '//evil.example',
    ]) {
      const response = await platform.request(
        `/authentication/v2/logout?post_logout_redirect_uri=${encodeURIComponent(target)}`,
        { headers: { Cookie: browser.session } },
      );
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
    }
    expect(await browser.again()).toContain('Allow access?');
    const plain = await platform.request('/authentication/v2/logout', { headers: { Cookie: browser.session } });
    expect(plain.status).toBe(200);
    expect(await plain.text()).toContain('You are signed out');
  });
});

describe('lifetimes and legacy paths', () => {
  it('gives access tokens the configured lifetime, and they stop working when it ends', async () => {
    platform.deps.config.accessTokenTtlSeconds = 5;
    try {
      const { tokens, bearer } = await signedInUser(platform);
      expect(tokens.expires_in).toBe(5);
      platform.clock.advance(4);
      expect((await platform.request('/project/v1/hubs', { headers: bearer })).status).toBe(200);
      platform.clock.advance(1);
      expect((await platform.request('/project/v1/hubs', { headers: bearer })).status).toBe(401);
    } finally {
      platform.deps.config.accessTokenTtlSeconds = 3600;
    }
  });

  it('lets refresh tokens live 15 days, and puts the nonce in the ID token', async () => {
    const { client_id: clientId } = await platform.registerApp({
      name: 'Nonce SPA',
      type: 'spa',
      callback: [`${TEST_APP_ORIGIN}/auth/callback`],
    });
    const user = await platform.addUser();
    const code = await authorizeCode(platform, {
      clientId,
      email: user.email,
      password: user.password,
      scope: 'openid',
      extra: { nonce: 'n-0S6_WzA2Mj' },
    });
    const tokens = (await (await exchangeCode(platform, clientId, code)).json()) as TokenResponse;
    expect(decodeJwt(tokens.id_token!)).toMatchObject({ nonce: 'n-0S6_WzA2Mj', sub: user.id, aud: clientId });
    platform.clock.advance(15 * 86_400);
    const late = await tokenRequest(platform, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
      client_id: clientId,
    });
    expect(((await late.json()) as OAuthErrorBody).error_description).toMatch(/expired/);
  });

  it('answers the sunset v1 token endpoints with 410, naming /authentication/v2/token', async () => {
    for (const path of ['/authentication/v1/authenticate', '/authentication/v1/refreshtoken']) {
      const response = await platform.request(
        path,
        formPost({ client_id: 'x', client_secret: 'y', grant_type: 'client_credentials' }),
      );
      expect(response.status).toBe(410);
      expect(((await response.json()) as OAuthErrorBody).developerMessage).toContain('/authentication/v2/token');
    }
  });
});

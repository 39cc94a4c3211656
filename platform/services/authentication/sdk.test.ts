import { serve, type ServerType } from '@hono/node-server';
import { AuthenticationClient, Scopes, TokenTypeHint } from '@aps_sdk/authentication';
import { ApsConfiguration, SdkManagerBuilder } from '@aps_sdk/autodesk-sdkmanager';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeCode, confidentialApp, TEST_CALLBACK, TEST_VERIFIER } from '../../testing/oauth-flow';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// The official client against a platform listening on 127.0.0.1: the wire as real APS clients speak it.
let platform: TestPlatform;
let server: ServerType;
let baseUrl: string;
beforeAll(async () => {
  platform = await createTestPlatform();
  server = serve({ fetch: platform.app.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await platform.close();
});

function client(): AuthenticationClient {
  const config = new ApsConfiguration({});
  // A URL object makes the client send `//authentication/v2/...`, as it does against APS; the platform folds it.
  config.BaseAddress = new URL(baseUrl);
  const auth = new AuthenticationClient({ sdkManager: SdkManagerBuilder.create().addApsConfiguration(config).build() });
  auth.usersApi.baseAddress = new URL(baseUrl);
  return auth;
}

/** What the SDK throws carries the status and body in its message. */
async function failureOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
}

describe('@aps_sdk/authentication against the platform', () => {
  it('gets a 2-legged token with Basic credentials, and is refused a scope the app lacks', async () => {
    const machine = await confidentialApp(platform, 'server', 'data:read bucket:create');
    const token = await client().getTwoLeggedToken(machine.clientId, machine.clientSecret, [
      Scopes.DataRead,
      Scopes.BucketCreate,
    ]);
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const introspected = await client().introspectToken(token.access_token, machine.clientId, {
      clientSecret: machine.clientSecret,
    });
    expect(introspected).toMatchObject({ active: true, client_id: machine.clientId, scope: 'data:read bucket:create' });
    expect(
      await failureOf(client().getTwoLeggedToken(machine.clientId, machine.clientSecret, [Scopes.CodeAll])),
    ).toMatch(/400.*invalid_scope/);
    expect(await failureOf(client().getTwoLeggedToken(machine.clientId, 'wrong', [Scopes.DataRead]))).toMatch(
      /401.*invalid_client/,
    );
  });

  it('exchanges a code (public PKCE client), refreshes with rotation, reads the user, and revokes', async () => {
    const { client_id: clientId } = await platform.registerApp({
      name: 'SDK SPA',
      type: 'spa',
      callback: [TEST_CALLBACK],
    });
    const user = await platform.addUser();
    const code = await authorizeCode(platform, {
      clientId,
      email: user.email,
      password: user.password,
      scope: 'data:read user-profile:read openid',
    });
    const auth = client();
    const tokens = await auth.getThreeLeggedToken(clientId, code, TEST_CALLBACK, { code_verifier: TEST_VERIFIER });
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.id_token).toBeTruthy();

    const profile = await auth.getUserInfo(`Bearer ${tokens.access_token}`);
    expect(profile).toMatchObject({ sub: user.id, email: user.email, name: user.name });

    const refreshed = await auth.refreshToken(tokens.refresh_token, clientId, { scopes: [Scopes.DataRead] });
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(await failureOf(auth.refreshToken(tokens.refresh_token, clientId))).toMatch(/400.*invalid_grant/);

    const other = await authorizeCode(platform, { clientId, email: user.email, password: user.password });
    const live = await auth.getThreeLeggedToken(clientId, other, TEST_CALLBACK, { code_verifier: TEST_VERIFIER });
    await auth.revoke(live.refresh_token, clientId, TokenTypeHint.RefreshToken);
    expect(await auth.introspectToken(live.access_token, clientId)).toEqual({ active: false });
  });

  it('exchanges a code for a confidential web app with its secret', async () => {
    const web = await confidentialApp(platform, 'web');
    const user = await platform.addUser();
    const code = await authorizeCode(platform, {
      clientId: web.clientId,
      email: user.email,
      password: user.password,
      verifier: null,
    });
    const tokens = await client().getThreeLeggedToken(web.clientId, code, TEST_CALLBACK, {
      clientSecret: web.clientSecret,
    });
    expect(tokens.refresh_token).toBeTruthy();
  });

  it('reads the keys that verify the tokens, and the OpenID configuration', async () => {
    const machine = await confidentialApp(platform, 'server');
    const token = await client().getTwoLeggedToken(machine.clientId, machine.clientSecret, [Scopes.DataRead]);
    const jwks = await client().getKeys();
    expect(jwks.keys?.[0]).toMatchObject({ kty: 'RSA', use: 'sig' });
    const { payload } = await jwtVerify(token.access_token, createLocalJWKSet(jwks as JSONWebKeySet), {
      currentDate: platform.clock.now(),
    });
    expect(payload['client_id']).toBe(machine.clientId);
    const spec = await client().getOidcSpec();
    expect(spec.token_endpoint).toMatch(/\/authentication\/v2\/token$/);
    expect(client().logout({ postLogoutRedirectUri: 'http://app.test/' })).toContain(
      '/authentication/v2/logout?post_logout_redirect_uri=',
    );
  });
});

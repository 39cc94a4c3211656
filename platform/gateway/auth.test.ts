import { ApsConfiguration, SdkManagerBuilder } from '@aps_sdk/autodesk-sdkmanager';
import { AuthenticationClient, Scopes } from '@aps_sdk/authentication';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../contracts/authentication';
import {
  authorizeCode,
  confidentialApp,
  formPost,
  TEST_CALLBACK,
  TEST_CHALLENGE,
  TEST_VERIFIER,
} from '../testing/oauth-flow';
import { startGatewayStack, type GatewayStack } from '../testing/gateway';

let stack: GatewayStack;
beforeAll(async () => {
  stack = await startGatewayStack();
});
afterAll(async () => {
  expect(stack.leaks).toEqual([]);
  expect(stack.logLines.join('\n')).not.toContain(stack.web.clientSecret);
  await stack.close();
});

const viaGateway = (path: string, init?: RequestInit) => fetch(`${stack.url}${path}`, init);

function sdkAuth(): AuthenticationClient {
  const config = new ApsConfiguration({});
  config.BaseAddress = stack.url as unknown as URL;
  return new AuthenticationClient({ sdkManager: SdkManagerBuilder.create().addApsConfiguration(config).build() });
}

async function signIn(scope = 'data:read openid') {
  const user = await stack.platform.addUser();
  // The browser half happens on the upstream's own pages, as with APS.
  const code = await authorizeCode(stack.platform, {
    clientId: stack.web.clientId,
    email: user.email,
    password: user.password,
    scope,
  });
  return { user, code };
}

describe('sign-in through the gateway', () => {
  it('redirects /authorize to the upstream with the PKCE challenge, state and redirect URI untouched', async () => {
    const query = `response_type=code&client_id=${stack.web.clientId}&redirect_uri=${encodeURIComponent(TEST_CALLBACK)}&scope=data%3Aread&state=xyz-1&code_challenge=${TEST_CHALLENGE}&code_challenge_method=S256`;
    const response = await viaGateway(`/authentication/v2/authorize?${query}`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin).toBe(stack.upstreamUrl);
    expect(location.pathname).toBe('/authentication/v2/authorize');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      response_type: 'code',
      client_id: stack.web.clientId,
      redirect_uri: TEST_CALLBACK,
      scope: 'data:read',
      state: 'xyz-1',
      code_challenge: TEST_CHALLENGE,
      code_challenge_method: 'S256',
    });
    // The upstream takes it from there: its sign-in page.
    expect((await fetch(location, { redirect: 'manual' })).status).toBe(200);
  });

  it('refuses to sign in for another client id', async () => {
    const response = await viaGateway('/authentication/v2/authorize?response_type=code&client_id=someone-else', {
      redirect: 'manual',
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('exchanges a code and refreshes as a public client would, the gateway adding the secret', async () => {
    const { code } = await signIn();
    const fields = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: TEST_CALLBACK,
      code_verifier: TEST_VERIFIER,
      client_id: stack.web.clientId,
    };
    // Straight to the upstream, the same request fails: the app is confidential.
    const direct = await fetch(`${stack.upstreamUrl}/authentication/v2/token`, formPost(fields));
    expect(direct.status).toBe(401);
    const request = formPost(fields);
    expect(JSON.stringify(request)).not.toContain(stack.web.clientSecret);
    const exchanged = await viaGateway('/authentication/v2/token', request);
    expect(exchanged.status).toBe(200);
    const tokens = (await exchanged.json()) as TokenResponse;
    expect(tokens).toMatchObject({
      token_type: 'Bearer',
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });

    const refreshed = await viaGateway(
      '/authentication/v2/token',
      formPost({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: stack.web.clientId }),
    );
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as TokenResponse;
    expect(next.refresh_token).not.toBe(tokens.refresh_token);

    const hubs = await viaGateway('/project/v1/hubs', { headers: { Authorization: `Bearer ${next.access_token}` } });
    expect(hubs.status).toBe(200);
    const revoked = await viaGateway(
      '/authentication/v2/revoke',
      formPost({ token: next.refresh_token!, token_type_hint: 'refresh_token', client_id: stack.web.clientId }),
    );
    expect(revoked.status).toBe(200);
  });

  it('passes the upstream OAuth error on unchanged, and refuses a client_secret or another client id in the form', async () => {
    const bad = await viaGateway(
      '/authentication/v2/token',
      formPost({
        grant_type: 'authorization_code',
        code: 'nope',
        redirect_uri: TEST_CALLBACK,
        code_verifier: TEST_VERIFIER,
        client_id: stack.web.clientId,
      }),
    );
    const direct = await fetch(
      `${stack.upstreamUrl}/authentication/v2/token`,
      formPost(
        { grant_type: 'authorization_code', code: 'nope', redirect_uri: TEST_CALLBACK, code_verifier: TEST_VERIFIER },
        stack.web.basic,
      ),
    );
    expect(bad.status).toBe(direct.status);
    expect(await bad.json()).toEqual(await direct.json());
    const withSecret = await viaGateway(
      '/authentication/v2/token',
      formPost({ grant_type: 'refresh_token', refresh_token: 'x', client_secret: 'guess' }),
    );
    expect(withSecret.status).toBe(400);
    const other = await viaGateway(
      '/authentication/v2/token',
      formPost({ grant_type: 'refresh_token', refresh_token: 'x', client_id: 'someone-else' }),
    );
    expect(other.status).toBe(401);
  });

  it('never lends its secret to client_credentials: only a caller with its own credentials gets a 2-legged token', async () => {
    const anonymous = await viaGateway(
      '/authentication/v2/token',
      formPost({ grant_type: 'client_credentials', scope: 'data:read', client_id: stack.web.clientId }),
    );
    expect(anonymous.status).toBe(401);
    const machine = await confidentialApp(stack.platform, 'server');
    const token = await sdkAuth().getTwoLeggedToken(machine.clientId, machine.clientSecret, [
      Scopes.DataRead,
      Scopes.BucketRead,
    ]);
    expect(token).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });
  });

  it('serves @aps_sdk/authentication 3-legged through the gateway: code with PKCE, then refresh', async () => {
    const { code } = await signIn('data:read');
    const auth = sdkAuth();
    // The SDK's public-client form (client_id in the body, no secret): the gateway authenticates it.
    const tokens = await auth.getThreeLeggedToken(stack.web.clientId, code, TEST_CALLBACK, {
      code_verifier: TEST_VERIFIER,
    });
    expect(tokens).toMatchObject({ token_type: 'Bearer', refresh_token: expect.any(String) });
    const refreshed = await auth.refreshToken(tokens.refresh_token, stack.web.clientId, { scopes: [Scopes.DataRead] });
    expect(refreshed.access_token).not.toBe(tokens.access_token);
  });
});

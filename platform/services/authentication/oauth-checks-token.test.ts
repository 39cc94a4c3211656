import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthErrorBody, TokenResponse } from '../../../contracts/authentication';
import { authorizeQuery, confidentialApp, formPost, signedInUser, tokenRequest } from '../../testing/oauth-flow';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// platform-anchors.md §2.1, checks 16–22: refresh tokens, client authentication, the endpoint itself.
// One platform per file: every test makes its own app and user, so they do not meet.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

const refresh = (clientId: string, refreshToken: string, extra: Record<string, string> = {}) =>
  tokenRequest(platform, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId, ...extra });
const errorOf = async (response: Response) => ((await response.json()) as OAuthErrorBody).error;
const hubsWith = (token: string) =>
  platform.request('/project/v1/hubs', { headers: { Authorization: `Bearer ${token}` } });

describe('OAuth checks: token endpoint', () => {
  it('check 16: refresh tokens rotate; replaying a used one ends the whole family', async () => {
    const { clientId, tokens } = await signedInUser(platform);
    const second = (await (await refresh(clientId, tokens.refresh_token!)).json()) as TokenResponse;
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(tokens.refresh_token);
    const third = (await (await refresh(clientId, second.refresh_token!)).json()) as TokenResponse;
    expect((await hubsWith(third.access_token)).status).toBe(200);

    const replay = await refresh(clientId, tokens.refresh_token!);
    expect(replay.status).toBe(400);
    expect(await errorOf(replay)).toBe('invalid_grant');
    // The newest tokens of the family, in other hands now perhaps, stop working too.
    expect((await hubsWith(third.access_token)).status).toBe(401);
    expect(await errorOf(await refresh(clientId, third.refresh_token!))).toBe('invalid_grant');
  });

  it('check 16: concurrent refreshes with one token race cleanly: never two live sessions', async () => {
    const { clientId, tokens } = await signedInUser(platform);
    const answers = await Promise.all([
      refresh(clientId, tokens.refresh_token!),
      refresh(clientId, tokens.refresh_token!),
    ]);
    expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(1);
    for (const answer of answers.filter((candidate) => candidate.status === 200)) {
      const body = (await answer.json()) as TokenResponse;
      expect((await hubsWith(body.access_token)).status).toBe(401);
      expect(await errorOf(await refresh(clientId, body.refresh_token!))).toBe('invalid_grant');
    }
  });

  it('check 17: a refresh token is bound to its client', async () => {
    const { clientId, tokens } = await signedInUser(platform);
    const { client_id: otherClient } = await platform.registerApp({
      name: 'Other SPA',
      type: 'spa',
      callback: ['http://app.test/cb'],
    });
    expect(await errorOf(await refresh(otherClient, tokens.refresh_token!))).toBe('invalid_grant');
    // The stranger's attempt used nothing up: the rightful client still refreshes.
    expect((await refresh(clientId, tokens.refresh_token!)).status).toBe(200);
  });

  it('check 18: confidential clients must authenticate; failures are 401 invalid_client with WWW-Authenticate', async () => {
    const server = await confidentialApp(platform, 'server');
    const grant = { grant_type: 'client_credentials', scope: 'data:read' };
    const attempts = [
      () => tokenRequest(platform, { ...grant, client_id: server.clientId }),
      () =>
        tokenRequest(platform, grant, {
          Authorization: `Basic ${Buffer.from(`${server.clientId}:wrong`).toString('base64')}`,
        }),
      () => tokenRequest(platform, { ...grant, client_id: server.clientId, client_secret: 'wrong' }),
      () => tokenRequest(platform, { ...grant, client_id: 'no-such-client', client_secret: 'x' }),
      () => tokenRequest(platform, grant),
      () => tokenRequest(platform, grant, { Authorization: `Basic ${Buffer.from('a%zz:b').toString('base64')}` }),
      () => tokenRequest(platform, grant, { Authorization: 'Basic not-base64-and-no-colon' }),
    ];
    for (const attempt of attempts) {
      const response = await attempt();
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic/);
      expect(await errorOf(response)).toBe('invalid_client');
    }
    expect((await tokenRequest(platform, grant, server.basic)).status).toBe(200);
    expect(
      (await tokenRequest(platform, { ...grant, client_id: server.clientId, client_secret: server.clientSecret }))
        .status,
    ).toBe(200);
  });

  it('check 19: token responses, successful or not, carry Cache-Control: no-store and Pragma: no-cache', async () => {
    const server = await confidentialApp(platform, 'server');
    const ok = await tokenRequest(platform, { grant_type: 'client_credentials', scope: 'data:read' }, server.basic);
    const refused = await tokenRequest(platform, { grant_type: 'client_credentials', scope: 'data:read' });
    for (const response of [ok, refused]) {
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('pragma')).toBe('no-cache');
    }
  });

  it('check 20: GET on the token endpoint, and parameters in the query string, are refused', async () => {
    const server = await confidentialApp(platform, 'server');
    const query = new URLSearchParams({
      grant_type: 'client_credentials',
      scope: 'data:read',
      client_id: server.clientId,
      client_secret: server.clientSecret,
    });
    const get = await platform.request(`/authentication/v2/token?${query.toString()}`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const inQuery = await platform.request(`/authentication/v2/token?${query.toString()}`, formPost({}));
    expect(inQuery.status).toBe(400);
    expect(((await inQuery.json()) as OAuthErrorBody).error_description).toMatch(/query string/);
    const json = await platform.request('/authentication/v2/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...server.basic },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    expect(((await json.json()) as OAuthErrorBody).errorCode).toBe('AUTH-007');
  });

  it('check 21: the password grant and the implicit flow are disabled', async () => {
    const web = await confidentialApp(platform, 'web');
    const user = await platform.addUser();
    const password = await tokenRequest(
      platform,
      { grant_type: 'password', username: user.email, password: user.password, scope: 'data:read' },
      web.basic,
    );
    expect(password.status).toBe(400);
    expect(await errorOf(password)).toBe('unsupported_grant_type');
    const implicit = await platform.request(
      `/authentication/v2/authorize?${authorizeQuery(web.clientId, { response_type: 'token' }).toString()}`,
    );
    expect(new URL(implicit.headers.get('location') ?? '').searchParams.get('error')).toBe('unsupported_response_type');
  });

  it('check 22: a scope the client may not have is invalid_scope; the issued scope never exceeds the request', async () => {
    const server = await confidentialApp(platform, 'server', 'data:read data:write');
    const ask = (scope: string) => tokenRequest(platform, { grant_type: 'client_credentials', scope }, server.basic);
    for (const scope of ['bucket:create', 'data:read code:all', 'no:such', ''])
      expect(await errorOf(await ask(scope))).toBe('invalid_scope');
    const issued = (await (await ask('data:read')).json()) as TokenResponse;
    expect(decodeJwt(issued.access_token)['scope']).toEqual(['data:read']);

    const { clientId, tokens } = await signedInUser(platform, 'data:read openid');
    expect(await errorOf(await refresh(clientId, tokens.refresh_token!, { scope: 'data:read data:write' }))).toBe(
      'invalid_scope',
    );
    const narrowed = (await (
      await refresh(clientId, tokens.refresh_token!, { scope: 'data:read' })
    ).json()) as TokenResponse;
    expect(decodeJwt(narrowed.access_token)['scope']).toEqual(['data:read']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthErrorBody } from '../../../contracts/authentication';
import { SPEC_RATE_LIMITS } from '../../config';
import {
  authorizeCode,
  authorizeQuery,
  exchangeCode,
  formPost,
  signedInUser,
  tokenRequest,
} from '../../testing/oauth-flow';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// Small limits so a test can spend them; the spec's own values are the defaults (see serve-options.test.ts).
// One platform per file: every test makes its own app and user, so they do not meet.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform({ rateLimits: { ...SPEC_RATE_LIMITS, token: 3, authorize: 2, revoke: 2 } });
});
afterAll(() => platform.close());

const hubsWith = (token: string) =>
  platform.request('/project/v1/hubs', { headers: { Authorization: `Bearer ${token}` } });

function expectRetryAfter(response: Response): number {
  expect(response.status).toBe(429);
  const retryAfter = response.headers.get('retry-after') ?? '';
  expect(retryAfter).toMatch(/^[1-9]\d*$/);
  return Number(retryAfter);
}

describe('rate limits of Authentication v2', () => {
  it('answers the token request over the limit with 429 and the error body, and that request changes nothing', async () => {
    // signedInUser spends one token request of its app on the code exchange.
    const { clientId, user } = await signedInUser(platform);
    const code = await authorizeCode(platform, { clientId, email: user.email, password: user.password });
    for (let i = 0; i < 2; i++)
      await tokenRequest(platform, { grant_type: 'refresh_token', refresh_token: 'nope', client_id: clientId });

    const refused = await exchangeCode(platform, clientId, code);
    const retryAfter = expectRetryAfter(refused);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const body = (await refused.json()) as OAuthErrorBody;
    expect(body).toMatchObject({ error: 'rate_limit_exceeded', errorCode: 'ERR-001' });
    expect(body.developerMessage).toContain('3 requests a minute');

    // Another app has its own budget.
    const other = await signedInUser(platform);
    expect(other.tokens.access_token).toBeTruthy();

    // The refused exchange did not use the code up: after the wait, the very same one works.
    platform.clock.advance(retryAfter);
    expect((await exchangeCode(platform, clientId, code)).status).toBe(200);
  });

  it('answers authorize over the limit with a 429 page that cannot be framed, and starts no sign-in', async () => {
    const { client_id: clientId } = await platform.registerApp({
      name: 'Busy SPA',
      type: 'spa',
      callback: ['http://app.test/auth/callback'],
    });
    const open = () => platform.request(`/authentication/v2/authorize?${authorizeQuery(clientId).toString()}`);
    for (let i = 0; i < 2; i++) expect((await open()).status).toBe(200);
    const refused = await open();
    const retryAfter = expectRetryAfter(refused);
    expect(refused.headers.get('content-type')).toContain('text/html');
    expect(refused.headers.get('x-frame-options')).toBe('DENY');
    expect(refused.headers.get('set-cookie')).toBeNull();
    expect(await refused.text()).toContain(`Wait ${retryAfter} seconds`);
    platform.clock.advance(retryAfter);
    expect((await open()).status).toBe(200);
  });

  it('answers revoke over the limit with 429, and the token stays live', async () => {
    const { clientId, tokens } = await signedInUser(platform);
    const revoke = (token: string) =>
      platform.request(
        '/authentication/v2/revoke',
        formPost({ token, token_type_hint: 'access_token', client_id: clientId }),
      );
    for (let i = 0; i < 2; i++) expect((await revoke('unknown-token')).status).toBe(200);
    expectRetryAfter(await revoke(tokens.access_token));
    expect((await hubsWith(tokens.access_token)).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthErrorBody, TokenResponse } from '../../../contracts/authentication';
import {
  authorizeCode,
  confidentialApp,
  exchangeCode,
  TEST_CALLBACK,
  TEST_VERIFIER,
  tokenRequest,
} from '../../testing/oauth-flow';
import { createTestPlatform, TEST_APP_ORIGIN, type TestPlatform } from '../../testing/test-platform';

// platform-anchors.md §2.1, checks 9–15: exchanging an authorization code at the token endpoint.
// One platform per file: every test makes its own app and user, so they do not meet.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

/** A spa app and a signed-in user's fresh code (PKCE with `verifier`, RFC 7636's by default). */
async function spaCode(options: { verifier?: string | null; callbacks?: string[] } = {}) {
  const callbacks = options.callbacks ?? [TEST_CALLBACK];
  const { client_id: clientId } = await platform.registerApp({ name: 'Code SPA', type: 'spa', callback: callbacks });
  const user = await platform.addUser();
  const code = await authorizeCode(platform, {
    clientId,
    email: user.email,
    password: user.password,
    verifier: options.verifier ?? TEST_VERIFIER,
  });
  return { clientId, code };
}

async function expectInvalidGrant(response: Response, description?: RegExp) {
  expect(response.status).toBe(400);
  const body = (await response.json()) as OAuthErrorBody;
  expect(body.error).toBe('invalid_grant');
  if (description) expect(body.error_description).toMatch(description);
}

const hubsWith = (token: string) =>
  platform.request('/project/v1/hubs', { headers: { Authorization: `Bearer ${token}` } });

describe('OAuth checks: authorization code exchange', () => {
  it('check 9: a code works once; a second exchange fails and revokes what the first one issued', async () => {
    const { clientId, code } = await spaCode();
    const first = (await (await exchangeCode(platform, clientId, code)).json()) as TokenResponse;
    expect((await hubsWith(first.access_token)).status).toBe(200);
    await expectInvalidGrant(await exchangeCode(platform, clientId, code), /already been used/);
    expect((await hubsWith(first.access_token)).status).toBe(401);
    const refresh = await tokenRequest(platform, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token!,
      client_id: clientId,
    });
    await expectInvalidGrant(refresh, /revoked/);
  });

  it('check 10: a code expires after 5 minutes', async () => {
    const fresh = await spaCode();
    platform.clock.advance(299);
    expect((await exchangeCode(platform, fresh.clientId, fresh.code)).status).toBe(200);
    const stale = await spaCode();
    platform.clock.advance(301);
    await expectInvalidGrant(await exchangeCode(platform, stale.clientId, stale.code), /expired/);
  });

  it('check 11: a code is bound to the client it was issued to', async () => {
    const { code } = await spaCode();
    const { client_id: otherClient } = await platform.registerApp({
      name: 'Other SPA',
      type: 'spa',
      callback: [TEST_CALLBACK],
    });
    await expectInvalidGrant(await exchangeCode(platform, otherClient, code), /another client/);
  });

  it('check 12: redirect_uri at the token endpoint must equal the one used to authorize', async () => {
    const second = `${TEST_APP_ORIGIN}/other/callback`;
    const { clientId, code } = await spaCode({ callbacks: [TEST_CALLBACK, second] });
    const exchange = (redirectUri: string | null) =>
      tokenRequest(platform, {
        grant_type: 'authorization_code',
        code,
        code_verifier: TEST_VERIFIER,
        client_id: clientId,
        ...(redirectUri === null ? {} : { redirect_uri: redirectUri }),
      });
    const missing = await exchange(null);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as OAuthErrorBody).error).toBe('invalid_request');
    await expectInvalidGrant(await exchange(second), /redirect_uri/);
  });

  it('check 13: a wrong code_verifier is invalid_grant, and the RFC 7636 Appendix B pair passes', async () => {
    const wrong = await spaCode();
    await expectInvalidGrant(
      await exchangeCode(platform, wrong.clientId, wrong.code, 'x'.repeat(43)),
      /does not match/,
    );
    // spaCode authorizes with the literal challenge E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM.
    const right = await spaCode();
    const response = await exchangeCode(
      platform,
      right.clientId,
      right.code,
      'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
    );
    expect(response.status).toBe(200);
  });

  it('check 14: PKCE downgrade is refused both ways', async () => {
    const web = await confidentialApp(platform, 'web');
    const user = await platform.addUser();
    const withoutChallenge = await authorizeCode(platform, {
      clientId: web.clientId,
      email: user.email,
      password: user.password,
      verifier: null,
    });
    const withVerifier = await tokenRequest(
      platform,
      {
        grant_type: 'authorization_code',
        code: withoutChallenge,
        redirect_uri: TEST_CALLBACK,
        code_verifier: TEST_VERIFIER,
      },
      web.basic,
    );
    await expectInvalidGrant(withVerifier, /issued without a code_challenge/);

    const withChallenge = await authorizeCode(platform, {
      clientId: web.clientId,
      email: user.email,
      password: user.password,
    });
    const withoutVerifier = await tokenRequest(
      platform,
      { grant_type: 'authorization_code', code: withChallenge, redirect_uri: TEST_CALLBACK },
      web.basic,
    );
    await expectInvalidGrant(withoutVerifier, /code_verifier is required/);
  });

  it('check 15: a verifier shorter than 43, longer than 128, or with other characters is refused', async () => {
    for (const verifier of [
      'a'.repeat(42),
      'a'.repeat(129),
      `${'a'.repeat(42)}+`,
      `${'a'.repeat(42)} `,
      `${'a'.repeat(42)}/`,
    ]) {
      // The challenge is made from this very verifier, so only the verifier's form can fail.
      const { clientId, code } = await spaCode({ verifier });
      await expectInvalidGrant(await exchangeCode(platform, clientId, code, verifier), /43 to 128/);
    }
    const longest = 'a'.repeat(128);
    const ok = await spaCode({ verifier: longest });
    expect((await exchangeCode(platform, ok.clientId, ok.code, longest)).status).toBe(200);
  });
});

import {
  base64url,
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  importJWK,
  SignJWT,
  type JWTPayload,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApsAuthErrorBody, TokenResponse } from '../../../contracts/authentication';
import { authorizeCode, exchangeCode, formPost, signedInUser } from '../../testing/oauth-flow';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// platform-anchors.md §2.1, checks 23–26: the tokens themselves and the APIs that take them.
// One platform per file: every test makes its own app and user, so they do not meet.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

const hubs = (headers: Record<string, string> = {}, query = '') =>
  platform.request(`/project/v1/hubs${query}`, { headers });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const errorCode = async (response: Response) => ((await response.json()) as ApsAuthErrorBody).errorCode;

/** Signs `payload` as the platform would (its own key and kid) unless told otherwise. */
async function sign(payload: JWTPayload, options: { alg?: string; key?: 'platform' | 'foreign' } = {}) {
  const stored = (await platform.stores.oauth.loadSigningKey())!;
  const alg = options.alg ?? 'RS256';
  const key =
    options.key === 'foreign' ? (await generateKeyPair(alg)).privateKey : await importJWK(stored.privateJwk, alg);
  return new SignJWT(payload).setProtectedHeader({ alg, kid: stored.kid, typ: 'JWT' }).sign(key);
}

const unsigned = (payload: JWTPayload) =>
  `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url.encode(JSON.stringify(payload))}.`;

/** Bytes of randomness a base64url token can carry at most. */
const bytesOf = (value: string) => Buffer.from(value, 'base64url').length;

describe('OAuth checks: tokens and resource endpoints', () => {
  it('check 23: codes, access and refresh tokens carry at least 128 bits of randomness', async () => {
    const { client_id: clientId } = await platform.registerApp({
      name: 'Entropy SPA',
      type: 'spa',
      callback: ['http://app.test/auth/callback'],
    });
    const user = await platform.addUser();
    const seen = new Set<string>();
    for (let round = 0; round < 3; round++) {
      const code = await authorizeCode(platform, { clientId, email: user.email, password: user.password });
      const tokens = (await (await exchangeCode(platform, clientId, code)).json()) as TokenResponse;
      const jti = decodeJwt(tokens.access_token).jti ?? '';
      for (const secret of [code, tokens.refresh_token ?? '', jti]) {
        expect(secret).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(bytesOf(secret)).toBeGreaterThanOrEqual(16);
        expect(seen.has(secret)).toBe(false);
        seen.add(secret);
      }
      // The access token itself cannot be guessed at all: it is signed with a 2048-bit RSA key.
      expect(decodeProtectedHeader(tokens.access_token).alg).toBe('RS256');
    }
  });

  it('check 24: alg none, foreign or broken signatures, and wrong exp, nbf, iss or aud are all 401', async () => {
    const { tokens } = await signedInUser(platform);
    const claims = decodeJwt(tokens.access_token);
    const now = Math.floor(platform.clock.now().getTime() / 1000);
    // The control: the same claims signed the same way are accepted, so each refusal below is for its one change.
    expect((await hubs(bearer(await sign(claims)))).status).toBe(200);
    const [header, payload, signature] = tokens.access_token.split('.');
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    const forged = [
      unsigned(claims),
      await sign(claims, { key: 'foreign' }),
      `${header}.${payload}.${flipped}`,
      `${header}.${base64url.encode(JSON.stringify({ ...claims, scope: ['data:read', 'data:write'] }))}.${signature}`,
      await sign({ ...claims, exp: now - 1 }),
      await sign({ ...claims, nbf: now + 60 }),
      await sign({ ...claims, iss: 'https://developer.api.autodesk.com' }),
      await sign({ ...claims, aud: 'https://elsewhere.example' }),
      await sign(claims, { alg: 'RS384' }),
      'not-a-jwt',
    ];
    for (const token of forged) {
      const response = await hubs(bearer(token));
      expect(response.status).toBe(401);
      expect(await errorCode(response)).toBe('AUTH-006');
    }
  });

  it('check 25: the token is taken from the Authorization header only, and each API checks its scope', async () => {
    const { tokens } = await signedInUser(platform, 'data:read');
    const inQuery = await hubs({}, `?access_token=${tokens.access_token}`);
    expect(inQuery.status).toBe(401);
    expect(await errorCode(inQuery)).toBe('AUTH-012');
    const inBody = await platform.request('/project/v1/hubs', {
      ...formPost({ access_token: tokens.access_token }),
      method: 'GET',
      body: null,
    });
    expect(inBody.status).toBe(401);
    expect((await hubs({ Authorization: `bearer ${tokens.access_token}` })).status).toBe(200);

    // The same token lacks what /userinfo needs; another lacks what hubs need.
    const userinfo = await platform.request('/userinfo', { headers: bearer(tokens.access_token) });
    expect(userinfo.status).toBe(403);
    expect(await errorCode(userinfo)).toBe('AUTH-010');
    const bucketsOnly = await signedInUser(platform, 'bucket:read');
    const forbidden = await hubs(bucketsOnly.bearer);
    expect(forbidden.status).toBe(403);
    expect(await errorCode(forbidden)).toBe('AUTH-010');
  });

  it('check 26: a revoked token stops working at once, and an app can revoke only its own tokens', async () => {
    const mine = await signedInUser(platform);
    const theirs = await signedInUser(platform);
    const revoke = (clientId: string, token: string, hint: string) =>
      platform.request('/authentication/v2/revoke', formPost({ token, token_type_hint: hint, client_id: clientId }));

    expect((await revoke(theirs.clientId, mine.tokens.access_token, 'access_token')).status).toBe(200);
    expect((await revoke(theirs.clientId, mine.tokens.refresh_token!, 'refresh_token')).status).toBe(200);
    expect((await hubs(mine.bearer)).status).toBe(200);

    expect((await revoke(mine.clientId, mine.tokens.access_token, 'access_token')).status).toBe(200);
    expect((await hubs(mine.bearer)).status).toBe(401);

    // Revoking the refresh token ends the family: the access token it came with stops too.
    expect((await hubs(theirs.bearer)).status).toBe(200);
    expect((await revoke(theirs.clientId, theirs.tokens.refresh_token!, 'refresh_token')).status).toBe(200);
    expect((await hubs(theirs.bearer)).status).toBe(401);
  });
});

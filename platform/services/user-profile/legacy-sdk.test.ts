import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApsAuthErrorBody, TokenResponse, UserInfo } from '../../../contracts/authentication';
import { PROFILE_IMAGE_SIZES, type ProfileImages, type UserProfileV1 } from '../../../contracts/user-profile';
import { legacyGetUserProfile, legacyUserProfileApi } from '../../testing/forge-apis';
import { listen } from '../../testing/listen';
import { confidentialApp, signedInUser, tokenRequest } from '../../testing/oauth-flow';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// Issue 48 §2: User Profile v1 as the legacy `forge-apis` client calls and reads it, against a listening platform.
let platform: TestPlatform;
let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  platform = await createTestPlatform();
  server = await listen(platform);
});
afterAll(async () => {
  await server.close();
  await platform.close();
});

/** What axios, under the SDK, rejects a 4xx with. */
async function refusal(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )) as { response?: { status: number; data: unknown; headers: Record<string, string> } } | undefined;
  if (!error?.response) throw new Error('the call did not fail with a response');
  return error.response;
}

async function twoLeggedToken() {
  const server = await confidentialApp(platform, 'server');
  return (await (
    await tokenRequest(platform, { grant_type: 'client_credentials', scope: 'data:read' }, server.basic)
  ).json()) as TokenResponse;
}

describe('GET /userprofile/v1/users/@me through forge-apis', () => {
  it('answers a 3-legged token, whatever its scopes, with the user in the v1 shape the SDK model reads', async () => {
    const { user, tokens } = await signedInUser(platform, 'data:read');
    const stored = (await platform.deps.stores.users.findById(user.id))!;
    const response = await legacyGetUserProfile(server.url, { access_token: tokens.access_token });
    expect(response.statusCode).toBe(200);
    const images = Object.fromEntries(
      PROFILE_IMAGE_SIZES.map((size) => [
        `sizeX${size}`,
        `${server.url}/userprofile/v1/images/default/user_X${size}.svg`,
      ]),
    ) as ProfileImages;
    expect(response.body).toEqual({
      userId: user.id,
      userName: user.email,
      emailId: user.email,
      firstName: 'User',
      lastName: user.name.split(' ')[1]!,
      emailVerified: true,
      '2FaEnabled': false,
      countryCode: 'US',
      language: 'en',
      optin: false,
      lastModified: stored.createdAt.toISOString(),
      profileImages: images,
    } satisfies UserProfileV1);
    expect(response.profile).toMatchObject({
      userId: user.id,
      emailId: user.email,
      firstName: 'User',
      emailVerified: true,
      '2FaEnabled': false,
      profileImages: images,
    });
  });

  it('serves every profile picture it hands out from the platform itself, without a token', async () => {
    const { tokens } = await signedInUser(platform);
    const { profile } = await legacyGetUserProfile(server.url, { access_token: tokens.access_token });
    for (const [name, url] of Object.entries(profile.profileImages!)) {
      const picture = await fetch(url);
      expect([name, picture.status, picture.headers.get('content-type')]).toEqual([name, 200, 'image/svg+xml']);
      expect(await picture.text()).toContain(`width="${name.slice('sizeX'.length)}"`);
    }
    const unknown = await fetch(`${server.url}/userprofile/v1/images/default/user_X21.svg`);
    expect([unknown.status, ((await unknown.json()) as ApsAuthErrorBody).errorCode]).toEqual([404, 'NOT_FOUND']);
  });

  it('refuses a 2-legged token with 401 in the gateway body, and no token as any API does', async () => {
    const token = await twoLeggedToken();
    const refused = await refusal(legacyGetUserProfile(server.url, { access_token: token.access_token }));
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer');
    expect(refused.data).toMatchObject({
      errorCode: 'AUTH-006',
      developerMessage: expect.stringContaining('3-legged') as string,
      userMessage: '',
    });
    const anonymous = await fetch(`${server.url}/userprofile/v1/users/@me`);
    expect([anonymous.status, ((await anonymous.json()) as ApsAuthErrorBody).errorCode]).toEqual([401, 'AUTH-012']);
  });

  it('leaves the installed forge-apis, whose getUserProfile calls /userinfo since 0.9.8, working too', async () => {
    const { user, tokens } = await signedInUser(platform, 'user-profile:read');
    const response = await legacyUserProfileApi(server.url).getUserProfile(null, { access_token: tokens.access_token });
    expect(response.body).toMatchObject({ sub: user.id, email: user.email } satisfies Partial<UserInfo>);
  });
});

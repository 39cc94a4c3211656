import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApsAuthErrorBody } from '../../../contracts/authentication';
import type { HubsResponse } from '../../../contracts/data-management';
import { signedInUser } from '../../testing/oauth-flow';
import { createTestPlatform, TEST_APP_ORIGIN, TEST_ISSUER, type TestPlatform } from '../../testing/test-platform';

// One platform per file: every test makes its own app, user and hubs, so they do not meet.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

describe('GET /project/v1/hubs', () => {
  it('lists, in the JSON:API envelope, only the hubs the signed-in user belongs to', async () => {
    const { user, bearer } = await signedInUser(platform);
    const mine = await platform.addHub('Acme Design', [user.email]);
    await platform.addHub('Someone Else Ltd');
    const response = await platform.request('/project/v1/hubs', { headers: bearer });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/vnd.api+json');
    const body = (await response.json()) as HubsResponse;
    expect(body.jsonapi).toEqual({ version: '1.0' });
    expect(body.links.self.href).toBe(`${TEST_ISSUER}/project/v1/hubs`);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      type: 'hubs',
      id: mine.id,
      attributes: { name: 'Acme Design', region: 'US', extension: { type: 'hubs:autodesk.core:Hub', version: '1.0' } },
      links: { self: { href: `${TEST_ISSUER}/project/v1/hubs/${mine.id}` } },
      relationships: {
        projects: { links: { related: { href: `${TEST_ISSUER}/project/v1/hubs/${mine.id}/projects` } } },
      },
    });
  });

  it('accepts the doubled slash the official clients send', async () => {
    const { bearer } = await signedInUser(platform);
    const response = await platform.request('//project/v1/hubs', { headers: bearer });
    expect(response.status).toBe(200);
  });

  it('answers 401 with the gateway error body without a token, and after the token expires', async () => {
    const { bearer } = await signedInUser(platform);
    const missing = await platform.request('/project/v1/hubs');
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as ApsAuthErrorBody).errorCode).toBe('AUTH-012');
    platform.clock.advance(3600);
    const expired = await platform.request('/project/v1/hubs', { headers: bearer });
    expect(expired.status).toBe(401);
    expect((await expired.json()) as ApsAuthErrorBody).toMatchObject({ errorCode: 'AUTH-006' });
  });

  it('answers 403 when the token lacks data:read', async () => {
    const { bearer } = await signedInUser(platform, 'bucket:read');
    const response = await platform.request('/project/v1/hubs', { headers: bearer });
    expect(response.status).toBe(403);
    expect(((await response.json()) as ApsAuthErrorBody).errorCode).toBe('AUTH-010');
  });

  it('grants CORS to the configured app origin only', async () => {
    const preflight = (origin: string) =>
      platform.request('/project/v1/hubs', {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization',
        },
      });
    const ours = await preflight(TEST_APP_ORIGIN);
    expect(ours.headers.get('access-control-allow-origin')).toBe(TEST_APP_ORIGIN);
    expect(ours.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const evil = await preflight('https://evil.example');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });
});

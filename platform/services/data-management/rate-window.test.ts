import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonApiErrorBody } from '../../../contracts/json-api';
import { SPEC_RATE_LIMITS } from '../../config';
import { signedInUser } from '../../testing/oauth-flow';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// A short window (serve --rate-limit-window), as the end-to-end tests use to see a 429 end quickly.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform({
    rateLimits: { ...SPEC_RATE_LIMITS, 'data-management': 3 },
    rateLimitWindowSeconds: 10,
  });
});
afterAll(() => platform.close());

describe('Data Management under a shortened rate-limit window', () => {
  it('counts its limit per window, says so, and lets the caller through once Retry-After has passed', async () => {
    const { bearer } = await signedInUser(platform, 'data:read');
    const hubs = () => platform.request('/project/v1/hubs', { headers: bearer });
    platform.clock.advance(10 - ((platform.clock.now().getTime() / 1000) % 10));
    for (let index = 0; index < 3; index++) expect((await hubs()).status).toBe(200);

    const refused = await hubs();
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(20);
    expect(((await refused.json()) as JsonApiErrorBody).errors[0]!.detail).toContain(
      '3 Data Management requests every 10 seconds per app',
    );

    platform.clock.advance(retryAfter);
    expect((await hubs()).status).toBe(200);
  });
});

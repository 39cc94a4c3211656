import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../testing/oauth-flow';
import { createTestPlatform, TEST_APP_ORIGIN, type TestPlatform } from '../testing/test-platform';
import { requestIdHeader, setAnswerHeaders } from './response-headers';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

const fromApp = { Origin: TEST_APP_ORIGIN };

describe('headers every answer carries', () => {
  it('puts a fresh request id and the app origin’s CORS grant on answers built every way', async () => {
    const { bearer } = await signedInUser(platform);
    const answers = [
      await platform.request('/project/v1/hubs', { headers: { ...bearer, ...fromApp } }), // a JSON:API Response of its own
      await platform.request('/.well-known/openid-configuration', { headers: fromApp }), // c.json
      await platform.request('/oss/v2/buckets/no-such-bucket/details', { headers: { ...bearer, ...fromApp } }), // an error (scope)
      await platform.request('/no/such/path', { headers: fromApp }), // not found
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 403, 404]);
    const ids = answers.map((answer) => answer.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(answers.length);
    for (const answer of answers) {
      expect(answer.headers.get('access-control-allow-origin')).toBe(TEST_APP_ORIGIN);
      expect(answer.headers.get('access-control-expose-headers')).toContain('x-request-id');
      expect(answer.headers.get('vary')).toContain('Origin');
    }
  });

  it('grants nothing to another origin, and tells it so on the preflight too', async () => {
    const { bearer } = await signedInUser(platform);
    const answer = await platform.request('/project/v1/hubs', {
      headers: { ...bearer, Origin: 'https://evil.example' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await platform.request('/oss/v2/buckets', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers the app origin’s preflight with the methods, headers and how long to keep them', async () => {
    const preflight = await platform.request('/oss/v2/buckets/b/objects/k', {
      method: 'OPTIONS',
      headers: {
        ...fromApp,
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(TEST_APP_ORIGIN);
    expect(preflight.headers.get('access-control-allow-methods')?.split(',')).toContain('PUT');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase().split(',')).toEqual(
      expect.arrayContaining(['authorization', 'content-type']),
    );
    expect(preflight.headers.get('access-control-max-age')).toBe('600');
    expect(preflight.headers.get('x-request-id')).toBeTruthy();
  });

  it('copies an answer whose headers cannot change (a redirect, a fetched answer) to add them', async () => {
    const app = new Hono();
    app.use('*', requestIdHeader());
    app.use('*', async (c, next) => {
      await next();
      setAnswerHeaders(c, { 'x-extra': 'yes' }, 'Origin');
    });
    app.get('/away', () => Response.redirect('http://elsewhere.test/', 302));
    const answer = await app.request('/away');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('http://elsewhere.test/');
    expect(answer.headers.get('x-extra')).toBe('yes');
    expect(answer.headers.get('vary')).toBe('Origin');
    expect(answer.headers.get('x-request-id')).toBeTruthy();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApsAuthErrorBody } from '../../../contracts/authentication';
import type { WebhooksErrorBody } from '../../http/errors';
import type { HookOwner } from '../../storage/repos/wh-hooks';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';
import {
  appWithFolder,
  CALLBACK,
  createdHookId,
  postHook,
  sendJson,
  userWithFolder,
  type Bearer,
} from '../../testing/webhook-hooks';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

const SECRET = 'Secret0123456789abcdefghijklmnopq';
const call = (bearer: Bearer, method: string, path: string, body?: unknown) =>
  platform.request(
    `/webhooks/v1${path}`,
    body === undefined ? { method, headers: bearer } : sendJson(bearer, body, method),
  );

describe('the owner secret: POST /tokens, PUT and DELETE /tokens/@me', () => {
  it('creates, refuses a second, replaces and deletes the app secret of one region', async () => {
    const { bearer, clientId } = await appWithFolder(platform);
    const owner: HookOwner = { creatorType: 'Application', createdBy: clientId };
    const created = await call(bearer, 'POST', '/tokens', { token: SECRET });
    expect(created.status).toBe(200);
    expect(await created.json()).toEqual({
      status: 200,
      detail: [`Token created successfully for client: ${clientId}`],
    });
    expect(await platform.stores.webhookHooks.findSecret('US', owner)).toBe(SECRET);

    const again = await call(bearer, 'POST', '/tokens', { token: SECRET });
    expect(again.status).toBe(400);
    expect(((await again.json()) as WebhooksErrorBody).detail[0]).toMatch(/already exists/);

    const replaced = await call(bearer, 'PUT', '/tokens/@me', { token: `${SECRET}X` });
    expect(replaced.status).toBe(204);
    expect(await platform.stores.webhookHooks.findSecret('US', owner)).toBe(`${SECRET}X`);
    expect(await platform.stores.webhookHooks.findSecret('EMEA', owner)).toBeUndefined();

    expect((await call(bearer, 'DELETE', '/tokens/@me')).status).toBe(204);
    expect(await platform.stores.webhookHooks.findSecret('US', owner)).toBeUndefined();
    expect((await call(bearer, 'POST', '/tokens?region=EMEA', { token: SECRET })).status).toBe(200);
    expect(await platform.stores.webhookHooks.findSecret('EMEA', owner)).toBe(SECRET);
  });

  it("sets a 3-legged caller's own user secret", async () => {
    const { bearer, userId } = await userWithFolder(platform);
    expect((await call(bearer, 'POST', '/tokens', { token: SECRET })).status).toBe(200);
    expect(await platform.stores.webhookHooks.findSecret('US', { creatorType: 'O2User', createdBy: userId })).toBe(
      SECRET,
    );
  });

  it.each([['short'], ['x'.repeat(65)], [`${'a'.repeat(31)}-`], [42]])(
    'answers 400 for the token %s',
    async (token) => {
      const { bearer } = await appWithFolder(platform);
      expect((await call(bearer, 'POST', '/tokens', { token })).status).toBe(400);
      expect((await call(bearer, 'PUT', '/tokens/@me', { token })).status).toBe(400);
    },
  );
});

describe('tokens and scopes', () => {
  it('answers 401 with the gateway body without a token', async () => {
    const response = await platform.request('/webhooks/v1/hooks');
    expect(response.status).toBe(401);
    expect(((await response.json()) as ApsAuthErrorBody).errorCode).toBe('AUTH-012');
  });

  it('lets data:read read, and wants data:write (or data:create to create) to change anything', async () => {
    const writer = await appWithFolder(platform);
    const id = await createdHookId(platform, writer.bearer, writer.folder);
    const reader = await appWithFolder(platform, 'data:read');
    const body = { callbackUrl: CALLBACK, scope: { folder: reader.folder } };
    expect((await call(reader.bearer, 'GET', '/hooks')).status).toBe(200);
    for (const response of [
      await postHook(platform, reader.bearer, body),
      await call(reader.bearer, 'POST', '/systems/data/hooks', body),
      await call(reader.bearer, 'PATCH', `/systems/data/events/dm.version.added/hooks/${id}`, {}),
      await call(reader.bearer, 'DELETE', `/systems/data/events/dm.version.added/hooks/${id}`),
      await call(reader.bearer, 'POST', '/tokens', { token: SECRET }),
      await call(reader.bearer, 'PUT', '/tokens/@me', { token: SECRET }),
      await call(reader.bearer, 'DELETE', '/tokens/@me'),
    ]) {
      expect(response.status).toBe(403);
      expect(((await response.json()) as ApsAuthErrorBody).errorCode).toBe('AUTH-010');
    }
    const creator = await appWithFolder(platform, 'data:read data:create');
    expect((await postHook(platform, creator.bearer, { ...body, scope: { folder: creator.folder } })).status).toBe(201);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After past each endpoint budget, per app', async () => {
    const limited = await createTestPlatform({
      rateLimits: { ...platform.deps.config.rateLimits, webhooks: 2, 'webhooks-create': 1 },
    });
    try {
      const { bearer, folder } = await appWithFolder(limited);
      const get = () => limited.request('/webhooks/v1/hooks', { headers: bearer });
      expect((await get()).status).toBe(200);
      expect((await get()).status).toBe(200);
      const refused = await get();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await refused.json()) as WebhooksErrorBody).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
      // Each endpoint counts apart, as the cloud's limits are per endpoint.
      expect((await limited.request('/webhooks/v1/systems/data/hooks', { headers: bearer })).status).toBe(200);

      const body = { callbackUrl: CALLBACK, scope: { folder } };
      expect((await postHook(limited, bearer, body)).status).toBe(201);
      expect((await postHook(limited, bearer, { ...body, callbackUrl: `${CALLBACK}/2` })).status).toBe(429);
      const tokens = (method: string) =>
        limited.request('/webhooks/v1/tokens/@me', sendJson(bearer, { token: SECRET }, method));
      expect((await tokens('PUT')).status).toBe(204);
      expect((await tokens('PUT')).status).toBe(429);

      const other = await appWithFolder(limited);
      expect((await limited.request('/webhooks/v1/hooks', { headers: other.bearer })).status).toBe(200);
      limited.clock.advance(120);
      expect((await get()).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

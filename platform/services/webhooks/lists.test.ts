import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HookList } from '../../../contracts/webhooks';
import type { NewHook } from '../../storage/repos/wh-hooks';
import { createTestPlatform, TEST_ISSUER, type TestPlatform } from '../../testing/test-platform';
import {
  appWithFolder,
  CALLBACK,
  createdHookId,
  patchHook,
  userWithFolder,
  type Bearer,
} from '../../testing/webhook-hooks';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

const list = async (path: string, bearer: Bearer, headers: Record<string, string> = {}) => {
  const response = await platform.request(path, { headers: { ...bearer, ...headers } });
  expect(response.status).toBe(200);
  return (await response.json()) as HookList;
};
const ids = (page: HookList) => page.data.map((hook) => hook.hookId);

describe('the lists of hooks', () => {
  it('answers an empty list with 200 {"links":{"next":null},"data":[]}', async () => {
    const { bearer } = await appWithFolder(platform);
    for (const path of ['/hooks', '/systems/data/hooks', '/systems/data/events/dm.version.added/hooks', '/app/hooks']) {
      const response = await platform.request(`/webhooks/v1${path}`, { headers: bearer });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('{"links":{"next":null},"data":[]}');
    }
  });

  it("shows only the caller's hooks: another app's and another user's stay unseen, and are 404s", async () => {
    const mine = await appWithFolder(platform);
    const theirs = await appWithFolder(platform);
    const user = await userWithFolder(platform);
    const own = await createdHookId(platform, mine.bearer, mine.folder);
    const other = await createdHookId(platform, theirs.bearer, theirs.folder);
    const users = await createdHookId(platform, user.bearer, user.folder);
    expect(ids(await list('/webhooks/v1/hooks', mine.bearer))).toEqual([own]);
    expect(ids(await list('/webhooks/v1/hooks', user.bearer))).toEqual([users]);
    expect(ids(await list('/webhooks/v1/app/hooks', mine.bearer))).toEqual([own]);
    for (const [bearer, id] of [
      [mine.bearer, other],
      [mine.bearer, users],
      [user.bearer, own],
    ] as const) {
      const path = `/webhooks/v1/systems/data/events/dm.version.added/hooks/${id}`;
      expect((await platform.request(path, { headers: bearer })).status).toBe(404);
      expect((await patchHook(platform, bearer, path.slice(11), { status: 'inactive' })).status).toBe(404);
      expect((await platform.request(path, { method: 'DELETE', headers: bearer })).status).toBe(404);
    }
    expect(await platform.stores.webhookHooks.find(other)).toMatchObject({ status: 'active' });
  });

  it('filters by system, event, scope and status', async () => {
    const { bearer, folder } = await appWithFolder(platform);
    const added = await createdHookId(platform, bearer, folder);
    const deleted = await createdHookId(platform, bearer, folder, { event: 'dm.version.deleted' });
    const workflow = await createdHookId(platform, bearer, folder, {
      system: 'derivative',
      event: 'extraction.finished',
      extra: { scope: { workflow: 'wf-1' } },
    });
    await patchHook(platform, bearer, `/systems/data/events/dm.version.deleted/hooks/${deleted}`, {
      status: 'inactive',
    });
    expect(ids(await list('/webhooks/v1/hooks', bearer)).sort()).toEqual([added, deleted, workflow].sort());
    expect(ids(await list('/webhooks/v1/systems/data/hooks', bearer)).sort()).toEqual([added, deleted].sort());
    expect(ids(await list('/webhooks/v1/systems/data/events/dm.version.added/hooks', bearer))).toEqual([added]);
    expect(ids(await list('/webhooks/v1/hooks?status=inactive', bearer))).toEqual([deleted]);
    expect(ids(await list('/webhooks/v1/systems/data/hooks?status=active', bearer))).toEqual([added]);
    const byScope = `/webhooks/v1/systems/derivative/events/extraction.finished/hooks?scopeName=workflow&scopeValue=wf-1`;
    expect(ids(await list(byScope, bearer))).toEqual([workflow]);
    expect(ids(await list(`${byScope.split('&')[0]}x`, bearer))).toEqual([]);
  });

  it('keeps regions apart: x-ads-region wins over ?region, US by default, another region is a 404', async () => {
    const { bearer, folder } = await appWithFolder(platform);
    const emea = await createdHookId(platform, bearer, folder, { query: '?region=EMEA' });
    const us = await createdHookId(platform, bearer, folder);
    expect(ids(await list('/webhooks/v1/hooks', bearer))).toEqual([us]);
    expect(ids(await list('/webhooks/v1/hooks?region=EMEA', bearer))).toEqual([emea]);
    expect(ids(await list('/webhooks/v1/hooks?region=US', bearer, { 'x-ads-region': 'EMEA' }))).toEqual([emea]);
    expect(ids(await list('/webhooks/v1/hooks?region=AUS', bearer))).toEqual([]);
    const path = `/webhooks/v1/systems/data/events/dm.version.added/hooks/${emea}`;
    expect((await platform.request(path, { headers: bearer })).status).toBe(404);
    expect((await platform.request(`${path}?region=EMEA`, { headers: bearer })).status).toBe(200);
    expect((await platform.request(path, { headers: { ...bearer, 'x-ads-region': 'EMEA' } })).status).toBe(200);
    const unknown = await platform.request('/webhooks/v1/hooks?region=MARS', { headers: bearer });
    expect(unknown.status).toBe(400);
  });

  it('pages by 200 with an absolute next link whose pageState works bare or as the whole URL', async () => {
    const { bearer, folder, clientId } = await appWithFolder(platform);
    const hooks: NewHook[] = Array.from({ length: 450 }, (_, n) => ({
      id: crypto.randomUUID(),
      region: 'US',
      system: 'data',
      event: 'dm.version.added',
      scopeKey: 'folder',
      scopeValue: folder,
      callbackUrl: `${CALLBACK}/${n}`,
      creatorType: 'Application',
      createdBy: clientId,
      clientId,
      autoReactivate: false,
      filter: null,
      hookAttribute: null,
      hookExpiry: null,
      expiresAt: null,
      tenant: folder,
      hubId: null,
      projectId: null,
      payloadOnly: false,
    }));
    await platform.stores.webhookHooks.createAll(hooks, platform.clock.now(), 1000);

    const first = await list('/webhooks/v1/systems/data/hooks?region=US&status=active', bearer);
    expect(first.data).toHaveLength(200);
    const next = new URL(first.links.next!);
    expect(`${next.origin}${next.pathname}`).toBe(`${TEST_ISSUER}/webhooks/v1/systems/data/hooks`);
    expect(next.searchParams.get('region')).toBe('US');
    expect(next.searchParams.get('status')).toBe('active');
    const token = next.searchParams.get('pageState')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);

    const second = await list(`/webhooks/v1/systems/data/hooks?pageState=${token}`, bearer);
    const viaUrl = await list(`/webhooks/v1/systems/data/hooks?pageState=${encodeURIComponent(next.href)}`, bearer);
    expect(ids(viaUrl)).toEqual(ids(second));
    const third = await list(new URL(second.links.next!).pathname + new URL(second.links.next!).search, bearer);
    expect(third.data).toHaveLength(50);
    expect(third.links.next).toBeNull();
    const all = [...ids(first), ...ids(second), ...ids(third)];
    expect(new Set(all).size).toBe(450);

    const bad = await platform.request('/webhooks/v1/hooks?pageState=not-ours', { headers: bearer });
    expect(bad.status).toBe(400);
  });

  it('/app/hooks: 2-legged only, sorted by lastUpdatedDate, newest first unless sort=asc', async () => {
    const app = await appWithFolder(platform);
    const older = await createdHookId(platform, app.bearer, app.folder);
    platform.clock.advance(1);
    const newer = await createdHookId(platform, app.bearer, app.folder, { event: 'dm.version.deleted' });
    expect(ids(await list('/webhooks/v1/app/hooks', app.bearer))).toEqual([newer, older]);
    expect(ids(await list('/webhooks/v1/app/hooks?sort=asc', app.bearer))).toEqual([older, newer]);
    platform.clock.advance(1);
    await patchHook(platform, app.bearer, `/systems/data/events/dm.version.added/hooks/${older}`, {
      autoReactivateHook: true,
    });
    expect(ids(await list('/webhooks/v1/app/hooks', app.bearer))).toEqual([older, newer]);
    expect((await platform.request('/webhooks/v1/app/hooks?sort=up', { headers: app.bearer })).status).toBe(400);

    const user = await userWithFolder(platform);
    const refused = await platform.request('/webhooks/v1/app/hooks', { headers: user.bearer });
    expect(refused.status).toBe(403);
  });

  it('refuses an unknown system and an unknown status with 400', async () => {
    const { bearer } = await appWithFolder(platform);
    expect((await platform.request('/webhooks/v1/systems/nope/hooks', { headers: bearer })).status).toBe(400);
    expect((await platform.request('/webhooks/v1/hooks?status=sleeping', { headers: bearer })).status).toBe(400);
  });
});

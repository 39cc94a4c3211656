import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HookDetails } from '../../../contracts/webhooks';
import type { WebhooksErrorBody } from '../../http/errors';
import { createTestPlatform, TEST_ISSUER, type TestPlatform } from '../../testing/test-platform';
import {
  appWithFolder,
  CALLBACK,
  createdHookId,
  patchHook,
  postHook,
  userWithFolder,
} from '../../testing/webhook-hooks';

// One platform per file: every test makes its own apps, users and folders, so they do not meet.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0000$/;
const hookUrl = (id: string, event = 'dm.version.added', system = 'data') =>
  `/webhooks/v1/systems/${system}/events/${event}/hooks/${id}`;
const details = async (response: Response) => (await response.json()) as HookDetails;

describe('POST /webhooks/v1/systems/{system}/events/{event}/hooks', () => {
  it('answers 201 with an empty body and an absolute Location ending with the bare hook id', async () => {
    const { bearer, folder } = await appWithFolder(platform);
    const response = await postHook(
      platform,
      bearer,
      { callbackUrl: CALLBACK, scope: { folder } },
      { query: '?region=US' },
    );
    expect(response.status).toBe(201);
    expect(await response.text()).toBe('');
    const location = response.headers.get('location')!;
    expect(location).toMatch(
      new RegExp(`^${TEST_ISSUER}/webhooks/v1/systems/data/events/dm\\.version\\.added/hooks/[0-9a-f-]{36}$`),
    );
  });

  it('shows the hook as HookDetails: every field the digest lists, unset ones left out, no token', async () => {
    const { bearer, folder, clientId } = await appWithFolder(platform);
    const now = platform.clock.now().toISOString().replace('Z', '+0000');
    const id = await createdHookId(platform, bearer, folder);
    const hook = await details(await platform.request(hookUrl(id), { headers: bearer }));
    expect(hook).toEqual({
      hookId: id,
      tenant: folder,
      callbackUrl: CALLBACK,
      createdBy: clientId,
      event: 'dm.version.added',
      createdDate: expect.stringMatching(TIMESTAMP),
      lastUpdatedDate: expect.stringMatching(TIMESTAMP),
      system: 'data',
      creatorType: 'Application',
      status: 'active',
      autoReactivateHook: false,
      scope: { folder },
      urn: `urn:adsk.webhooks:events.hook:${id}`,
      __self__: `/systems/data/events/dm.version.added/hooks/${id}`,
    });
    expect(hook.createdDate).toBe(now);
  });

  it('keeps the optional fields as given: attribute, filter, expiry as written, tenant, hub and project', async () => {
    const { bearer, folder } = await appWithFolder(platform);
    const extra = {
      hookAttribute: { projectId: 'b.123', note: 'anything' },
      filter: "$[?(@.ext=='rvt')]",
      hookExpiry: '2027-01-31T00:00:00.000Z',
      autoReactivateHook: true,
      callbackWithEventPayloadOnly: true,
      hubId: 'b.hub',
      projectId: 'b.project',
      tenant: 'my-tenant',
    };
    const id = await createdHookId(platform, bearer, folder, { extra });
    const hook = await details(await platform.request(hookUrl(id), { headers: bearer }));
    expect(hook).toMatchObject({ ...extra, autoReactivateHook: true });
    const stored = await platform.stores.webhookHooks.find(id);
    expect(stored?.expiresAt?.toISOString()).toBe('2027-01-31T00:00:00.000Z');
  });

  it('makes a 3-legged caller the owner: creatorType O2User, createdBy the user id', async () => {
    const { bearer, folder, userId } = await userWithFolder(platform);
    const id = await createdHookId(platform, bearer, folder);
    const hook = await details(await platform.request(hookUrl(id), { headers: bearer }));
    expect(hook).toMatchObject({ creatorType: 'O2User', createdBy: userId });
  });

  it('stores a wildcard event verbatim and shows it in __self__', async () => {
    const { bearer, folder } = await appWithFolder(platform);
    for (const event of ['*', 'dm.*', '*.added', 'dm.*.modified']) {
      const id = await createdHookId(platform, bearer, folder, { event });
      const hook = await details(await platform.request(hookUrl(id, event), { headers: bearer }));
      expect(hook.event).toBe(event);
      expect(hook.__self__).toBe(`/systems/data/events/${event}/hooks/${id}`);
    }
  });

  it('answers 409 when the same owner repeats a hook, and not for another callback or owner', async () => {
    const { bearer, folder } = await appWithFolder(platform);
    const body = { callbackUrl: CALLBACK, scope: { folder } };
    expect((await postHook(platform, bearer, body)).status).toBe(201);
    const again = await postHook(platform, bearer, body);
    expect(again.status).toBe(409);
    expect((await again.json()) as WebhooksErrorBody).toMatchObject({ status: 409, detail: [expect.any(String)] });
    expect((await postHook(platform, bearer, { ...body, callbackUrl: `${CALLBACK}/2` })).status).toBe(201);
    expect((await postHook(platform, bearer, body, { query: '?region=EMEA' })).status).toBe(201);
  });
});

describe('POST /webhooks/v1/systems/{system}/hooks', () => {
  it('answers 201 {hooks} with one hook per event of the system', async () => {
    const { bearer, folder } = await appWithFolder(platform);
    const response = await platform.request('/webhooks/v1/systems/data/hooks', {
      method: 'POST',
      headers: { ...bearer, 'Content-Type': 'application/json' },
      body: JSON.stringify({ callbackUrl: CALLBACK, scope: { folder } }),
    });
    expect(response.status).toBe(201);
    const { hooks } = (await response.json()) as { hooks: HookDetails[] };
    expect(hooks.map((hook) => hook.event)).toContain('dm.folder.copied.out');
    expect(hooks).toHaveLength(20);
    expect(new Set(hooks.map((hook) => hook.hookId)).size).toBe(20);

    const derivative = await platform.request('/webhooks/v1/systems/derivative/hooks', {
      method: 'POST',
      headers: { ...bearer, 'Content-Type': 'application/json' },
      body: JSON.stringify({ callbackUrl: CALLBACK, scope: { workflow: 'my-workflow' } }),
    });
    const created = ((await derivative.json()) as { hooks: HookDetails[] }).hooks;
    expect(created.map((hook) => hook.event).sort()).toEqual(['extraction.finished', 'extraction.updated']);
    expect(created[0]).toMatchObject({ tenant: 'my-workflow', scope: { workflow: 'my-workflow' } });
  });
});

describe('GET, PATCH and DELETE one hook', () => {
  it('PATCH answers 200 with an empty body; null clears; status active resets the failure counters', async () => {
    const { bearer, folder } = await appWithFolder(platform);
    const extra = { filter: "$[?(@.ext=='rvt')]", hookAttribute: { a: 1 }, hookExpiry: '2027-01-01T00:00:00Z' };
    const id = await createdHookId(platform, bearer, folder, { extra });
    await platform.stores.webhookHooks.update(
      id,
      { status: 'inactive', failedEvents: 5, reactivationCycles: 2, inactiveSince: new Date() },
      new Date(),
    );
    platform.clock.advance(5);
    const response = await patchHook(platform, bearer, `/systems/data/events/dm.version.added/hooks/${id}`, {
      status: 'active',
      filter: null,
      hookAttribute: null,
      hookExpiry: null,
      autoReactivateHook: true,
      token: 'a'.repeat(40),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    const hook = await details(await platform.request(hookUrl(id), { headers: bearer }));
    expect(hook).not.toHaveProperty('filter');
    expect(hook).not.toHaveProperty('hookAttribute');
    expect(hook).not.toHaveProperty('hookExpiry');
    expect(hook).not.toHaveProperty('token');
    expect(hook).toMatchObject({ status: 'active', autoReactivateHook: true });
    expect(hook.lastUpdatedDate).not.toBe(hook.createdDate);
    const stored = (await platform.stores.webhookHooks.find(id))!;
    expect(stored).toMatchObject({ failedEvents: 0, reactivationCycles: 0, inactiveSince: null, expiresAt: null });
    expect(stored.token).toBe('a'.repeat(40));
  });

  it('PATCH status inactive records when; missing fields stay as they are', async () => {
    const { bearer, folder } = await appWithFolder(platform);
    const id = await createdHookId(platform, bearer, folder, { extra: { filter: "$[?(@.ext=='rvt')]" } });
    await patchHook(platform, bearer, `/systems/data/events/dm.version.added/hooks/${id}`, { status: 'inactive' });
    const hook = await details(await platform.request(hookUrl(id), { headers: bearer }));
    expect(hook).toMatchObject({ status: 'inactive', filter: "$[?(@.ext=='rvt')]" });
    expect((await platform.stores.webhookHooks.find(id))?.inactiveSince).toEqual(platform.clock.now());
  });

  it('DELETE answers 204, then the hook is a 404', async () => {
    const { bearer, folder } = await appWithFolder(platform);
    const id = await createdHookId(platform, bearer, folder);
    const deleted = await platform.request(hookUrl(id), { method: 'DELETE', headers: bearer });
    expect(deleted.status).toBe(204);
    const gone = await platform.request(hookUrl(id), { headers: bearer });
    expect(gone.status).toBe(404);
    expect((await gone.json()) as WebhooksErrorBody).toMatchObject({ id: expect.any(String), status: 404 });
  });

  it('answers 404 when the path names another system or event than the hook has', async () => {
    const { bearer, folder } = await appWithFolder(platform);
    const id = await createdHookId(platform, bearer, folder);
    expect((await platform.request(hookUrl(id, 'dm.version.deleted'), { headers: bearer })).status).toBe(404);
    expect((await platform.request(hookUrl(id, 'dm.version.added', 'adsk.c4r'), { headers: bearer })).status).toBe(404);
  });
});

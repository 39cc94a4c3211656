import { WebhookEvent, WebhooksClient as ApsWebhooksClient, WebhookStatus, WebhookSystem } from 'aps-sdk-node';
import type { Region } from 'aps-sdk-node/dist/common';
import { WebhooksClient as ForgeWebhooksClient } from 'forge-server-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewHook } from '../../storage/repos/wh-hooks';
import { listen } from '../../testing/listen';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';
import { appWithFolder, CALLBACK } from '../../testing/webhook-hooks';

// The two community clients (digest §7) against a listening platform: their exact calls, paging
// by `links.next` parsed with `new URL()`, the hook id taken from `Location`.
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

// Both clients have the same surface (aps-sdk-node is forge-server-utils renamed); one type serves both.
type Client = ApsWebhooksClient;
const CLIENTS: [string, (token: string, host: string, region?: Region) => Client][] = [
  ['aps-sdk-node 10.0.1', (token, host, region) => new ApsWebhooksClient({ token }, host, region)],
  [
    'forge-server-utils 8.4.0',
    (token, host, region) => new ForgeWebhooksClient({ token }, host, region) as unknown as ApsWebhooksClient,
  ],
];

const status = (error: unknown) => (error as { response?: { status?: number } }).response?.status;

describe.each(CLIENTS)('%s WebhooksClient against the platform', (_name, makeClient) => {
  it('creates a hook for one event and for a whole system, reads, lists, updates and deletes them', async () => {
    const { token, folder } = await appWithFolder(platform);
    const client = makeClient(token, server.url);

    const id = await client.createHook(WebhookSystem.Data, WebhookEvent.DataVersionAdded, {
      callbackUrl: CALLBACK,
      scope: { folder },
      hookAttribute: { projectId: 'b.123' },
      filter: "$[?(@.ext=='rvt')]",
    });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const details = await client.getHookDetails(WebhookSystem.Data, WebhookEvent.DataVersionAdded, id as string);
    expect(details).toMatchObject({
      hookId: id,
      scope: { folder },
      status: 'active',
      hookAttribute: { projectId: 'b.123' },
      filter: "$[?(@.ext=='rvt')]",
    });

    const all = await client.createHook(WebhookSystem.Data, undefined, {
      callbackUrl: `${CALLBACK}/all`,
      scope: { folder },
    });
    expect(Array.isArray(all) && all.length).toBe(20);

    expect(await client.listHooks()).toHaveLength(21);
    expect(await client.listHooks(WebhookSystem.Data)).toHaveLength(21);
    const added = await client.listHooks(WebhookSystem.Data, WebhookEvent.DataVersionAdded);
    expect(added.map((hook) => hook.callbackUrl).sort()).toEqual([CALLBACK, `${CALLBACK}/all`]);

    await client.updateHook(WebhookSystem.Data, WebhookEvent.DataVersionAdded, id as string, {
      status: WebhookStatus.Inactive,
      filter: null,
      hookAttribute: null,
    });
    const updated = await client.getHookDetails(WebhookSystem.Data, WebhookEvent.DataVersionAdded, id as string);
    expect(updated.status).toBe('inactive');
    expect(updated).not.toHaveProperty('filter');
    expect(updated).not.toHaveProperty('hookAttribute');

    await client.deleteHook(WebhookSystem.Data, WebhookEvent.DataVersionAdded, id as string);
    const gone = await client
      .getHookDetails(WebhookSystem.Data, WebhookEvent.DataVersionAdded, id as string)
      .catch((error: unknown) => error);
    expect(status(gone)).toBe(404);
    expect(await client.listHooks()).toHaveLength(20);
  });

  it('iterates pages of 200 through links.next, and keeps regions apart', async () => {
    const { token, folder, clientId } = await appWithFolder(platform);
    const hooks = Array.from({ length: 230 }, (_, n): NewHook => ({
      ...{ id: crypto.randomUUID(), region: 'US', system: 'derivative', event: 'extraction.finished' },
      ...{ scopeKey: 'workflow', scopeValue: `wf-${n}`, callbackUrl: CALLBACK, creatorType: 'Application' },
      ...{ createdBy: clientId, clientId, autoReactivate: false, filter: null, hookAttribute: null },
      ...{ hookExpiry: null, expiresAt: null, tenant: `wf-${n}`, hubId: null, projectId: null, payloadOnly: false },
    }));
    await platform.stores.webhookHooks.createAll(hooks, platform.clock.now(), 1000);
    const client = makeClient(token, server.url);
    const pages: number[] = [];
    const seen = new Set<string>();
    for await (const page of client.iterateHooks(WebhookSystem.Derivative, WebhookEvent.DerivativeExtractionFinished)) {
      pages.push(page.length);
      for (const hook of page) seen.add(hook.hookId);
    }
    expect(pages).toEqual([200, 30]);
    expect(seen.size).toBe(230);

    const emea = makeClient(token, server.url, 'EMEA' as Region);
    expect(await emea.listHooks()).toEqual([]);
    await emea.createHook(WebhookSystem.Data, WebhookEvent.DataFolderAdded, {
      callbackUrl: CALLBACK,
      scope: { folder },
    });
    expect((await emea.listHooks()).map((hook) => hook.event)).toEqual(['dm.folder.added']);
    const us = [];
    for await (const page of client.iterateHooks()) us.push(...page);
    expect(us).toHaveLength(230);
  });
});

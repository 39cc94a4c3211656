import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FolderResponse, TopFoldersResponse } from '../../../contracts/data-management';
import type { WebhookEnvelope } from '../../../contracts/webhooks';
import { designInBucket, mdPath } from '../../testing/model-derivative';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';
import { startReceiver, type Receiver } from '../../testing/webhook-delivery';
import { postHook, userWithFolder } from '../../testing/webhook-hooks';

// From the API that changes something to the receiver's door: the services' events, the engine, the signature.
let platform: TestPlatform;
let receiver: Receiver;
beforeEach(async () => {
  platform = await createTestPlatform();
  receiver = await startReceiver();
});
afterEach(async () => {
  await receiver.close();
  await platform.close();
});

const SECRET = 'a1'.repeat(20);
const signatureOf = (body: Buffer) => `sha1hash=${createHmac('sha1', SECRET).update(body).digest('hex')}`;
const envelopes = () => receiver.received.map((request) => JSON.parse(request.body.toString()) as WebhookEnvelope);

describe('events delivered to a receiver', () => {
  it("delivers dm.folder.added for folders made anywhere under a watched project, signed with the user's secret", async () => {
    const user = await userWithFolder(platform, 'data:read data:write data:create');
    const json = { ...user.bearer, 'Content-Type': 'application/json' };
    const secret = await platform.request('/webhooks/v1/tokens', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ token: SECRET }),
    });
    expect(secret.status).toBe(200);
    const hook = await postHook(
      platform,
      user.bearer,
      { callbackUrl: `${receiver.url}/in`, scope: { folder: user.folder } },
      { event: 'dm.folder.added' },
    );
    expect(hook.status).toBe(201);
    const top = (await (
      await platform.request(`/project/v1/hubs/${user.hubId}/projects/${user.projectId}/topFolders`, {
        headers: user.bearer,
      })
    ).json()) as TopFoldersResponse;
    const newFolder = async (name: string, parent: string) => {
      const response = await platform.request(`/data/v1/projects/${user.projectId}/folders`, {
        method: 'POST',
        headers: { ...user.bearer, 'Content-Type': 'application/vnd.api+json' },
        body: JSON.stringify({
          jsonapi: { version: '1.0' },
          data: {
            type: 'folders',
            attributes: { name },
            relationships: { parent: { data: { type: 'folders', id: parent } } },
          },
        }),
      });
      return ((await response.json()) as FolderResponse).data.id;
    };
    const sub = await newFolder('Sub', top.data[0]!.id);
    const deeper = await newFolder('Deeper', sub);

    await platform.webhooks.runDue();
    await receiver.arrived(2);
    for (const request of receiver.received) {
      expect(request.headers['x-adsk-signature']).toBe(signatureOf(request.body));
      expect(request.headers['x-adsk-delivery-id']).toMatch(
        /^httpadapter~local\.webhooks~[0-9a-f]{32}\/[0-9a-f-]{36}$/,
      );
    }
    const [first, second] = envelopes().sort((a, b) =>
      String(a.payload['name']).localeCompare(String(b.payload['name'])),
    );
    expect(first).toMatchObject({
      version: '1.0',
      resourceUrn: deeper,
      hook: { event: 'dm.folder.added', system: 'data', creatorType: 'O2User', createdBy: user.userId },
      payload: { name: 'Deeper', source: deeper, parentFolderUrn: sub, user_info: { id: user.userId } },
    });
    expect(second).toMatchObject({ resourceUrn: sub, payload: { name: 'Sub' } });
  });

  it('delivers extraction.finished for a translation that carries misc.workflow, and nothing for one without', async () => {
    const design = await designInBucket(platform);
    const hook = await postHook(
      platform,
      design.bearer,
      { callbackUrl: `${receiver.url}/md`, scope: { workflow: 'wf-events-1' } },
      { system: 'derivative', event: 'extraction.finished' },
    );
    expect(hook.status).toBe(201);
    const job = (misc?: unknown) =>
      platform.request(mdPath('/job'), {
        method: 'POST',
        headers: { ...design.bearer, 'Content-Type': 'application/json', 'x-ads-force': 'true' },
        body: JSON.stringify({
          input: { urn: design.urn },
          output: { formats: [{ type: 'obj' }] },
          ...(misc ? { misc } : {}),
        }),
      });
    expect((await job()).status).toBe(200);
    await platform.app.jobs.idle();
    expect((await job({ workflow: 'wf-events-1', workflowAttribute: { ticket: 7 } })).status).toBe(200);
    await platform.app.jobs.idle();

    await platform.webhooks.runDue();
    await receiver.arrived(1);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.headers['x-adsk-signature']).toBeUndefined();
    expect(envelopes()[0]).toMatchObject({
      resourceUrn: design.urn,
      hook: { system: 'derivative', event: 'extraction.finished', scope: { workflow: 'wf-events-1' } },
      payload: {
        URN: design.urn,
        EventType: 'EXTRACTION_FINISHED',
        Payload: { status: 'success', workflowAttribute: { ticket: 7 } },
      },
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELETED_VERSION_TYPE,
  type FolderResponse,
  type ItemResponse,
  type TopFoldersResponse,
  type VersionResponse,
} from '../../../contracts/data-management';
import type { SignedS3UploadResponse } from '../../../contracts/oss';
import { parseObjectUrn } from '../../../contracts/oss';
import { signedInUser } from '../../testing/oauth-flow';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';
import { eventLog } from '../../testing/webhook-events';
import { withEvents } from './events';

// Each change of items and versions and the Webhooks event it records in its transaction (wh_events).
let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/;
const enc = encodeURIComponent;

async function member(region?: string) {
  const session = await signedInUser(platform, 'data:read data:create data:write');
  const hub = await platform.addHub('Events', [session.user.email]);
  if (region) await platform.stores.db.query('UPDATE hubs SET region = $2 WHERE id = $1', [hub.id, region]);
  const project = await platform.addProject(hub.id, 'Tower');
  const call = async <T>(method: string, path: string, body?: unknown, query = '') => {
    const response = await platform.request(`/data/v1/projects/${project.id}${path}${query}`, {
      method,
      headers: { ...session.bearer, ...(body ? { 'Content-Type': 'application/vnd.api+json' } : {}) },
      ...(body ? { body: JSON.stringify({ jsonapi: { version: '1.0' }, ...body }) } : {}),
    });
    return { status: response.status, body: (await response.json()) as T };
  };
  const top = await platform.request(`/project/v1/hubs/${hub.id}/projects/${project.id}/topFolders`, {
    headers: session.bearer,
  });
  const topId = ((await top.json()) as TopFoldersResponse).data[0]!.id;
  const rootId = (await platform.stores.folders.find(project.id, topId))!.parentId!;
  const newFolder = async (name: string, parentId = topId) => {
    const created = await call<FolderResponse>('POST', '/folders', {
      data: {
        type: 'folders',
        attributes: { name },
        relationships: { parent: { data: { type: 'folders', id: parentId } } },
      },
    });
    expect(created.status).toBe(201);
    return created.body.data.id;
  };
  /** Steps 1 and 2 of the upload: storage, and its bytes through a signed URL. */
  const storeBytes = async (name: string, bytes: string, folderId: string) => {
    const storage = await call<{ data: { id: string } }>('POST', '/storage', {
      data: {
        type: 'objects',
        attributes: { name },
        relationships: { target: { data: { type: 'folders', id: folderId } } },
      },
    });
    const { bucketKey, objectKey } = parseObjectUrn(storage.body.data.id)!;
    const objectPath = `/oss/v2/buckets/${bucketKey}/objects/${enc(objectKey)}`;
    const signed = (await (
      await platform.request(`${objectPath}/signeds3upload`, { headers: session.bearer })
    ).json()) as SignedS3UploadResponse;
    await platform.app.request(signed.urls[0]!, { method: 'PUT', body: new TextEncoder().encode(bytes) });
    const done = await platform.request(`${objectPath}/signeds3upload`, {
      method: 'POST',
      headers: { ...session.bearer, 'Content-Type': 'application/json' },
      body: JSON.stringify({ uploadKey: signed.uploadKey }),
    });
    expect(done.status).toBe(200);
    return storage.body.data.id;
  };
  const place = { hubId: hub.id, bareProject: project.id.slice(2), userId: session.user.id };
  return { project, topId, rootId, call, newFolder, storeBytes, place, events: await eventLog(platform.stores.db) };
}

const versionBody = (itemId: string, more: { storageId?: string; type?: string; name?: string } = {}) => ({
  data: {
    type: 'versions',
    attributes: {
      name: more.name ?? 'plan.txt',
      extension: { type: more.type ?? 'versions:autodesk.core:File', version: '1.0' },
    },
    relationships: {
      item: { data: { type: 'items', id: itemId } },
      ...(more.storageId ? { storage: { data: { type: 'objects', id: more.storageId } } } : {}),
    },
  },
});

describe('Data Management webhook events: items and versions', () => {
  it('tells an upload into a subfolder, new versions, a deletion, a restore and a rename', async () => {
    const user = await member();
    const log = user.events;
    const sub = await user.newFolder('Sub');
    await log();
    const chain = [user.rootId, user.topId, sub];
    const ancestors = [
      { urn: user.rootId, name: 'Tower root' },
      { urn: user.topId, name: 'Project Files' },
      { urn: sub, name: 'Sub' },
    ];

    const created = await user.call<ItemResponse>('POST', '/items', {
      data: {
        type: 'items',
        attributes: { displayName: 'plan.txt', extension: { type: 'items:autodesk.core:File', version: '1.0' } },
        relationships: { parent: { data: { type: 'folders', id: sub } } },
      },
      included: [
        {
          type: 'versions',
          attributes: { name: 'plan.txt', extension: { type: 'versions:autodesk.core:File', version: '1.0' } },
          relationships: { storage: { data: { type: 'objects', id: await user.storeBytes('plan.txt', 'v1', sub) } } },
        },
      ],
    });
    expect(created.status).toBe(201);
    const itemId = created.body.data.id;
    const v1 = created.body.included![0]!.id;
    const [added, ...others] = await log();
    expect(others).toEqual([]);
    expect(added).toMatchObject({
      region: 'US',
      system: 'data',
      event: 'dm.version.added',
      resourceUrn: v1,
      scopeKey: 'folder',
      scopeValues: chain,
    });
    expect(added!.payload).toEqual({
      ext: 'txt',
      name: 'plan.txt',
      version: '1',
      state: 'CONTENT_AVAILABLE',
      source: v1,
      lineageUrn: itemId,
      sizeInBytes: 2,
      hidden: false,
      indexable: true,
      createdTime: '2026-01-01T00:00:00+0000',
      modifiedTime: '2026-01-01T00:00:00+0000',
      creator: user.place.userId,
      modifiedBy: user.place.userId,
      user_info: { id: user.place.userId },
      project: user.place.bareProject,
      parentFolderUrn: sub,
      ancestors,
      tenant: user.place.hubId,
    });

    const storageId = await user.storeBytes('plan.txt', 'version 2', sub);
    const second = await user.call<VersionResponse>('POST', '/versions', versionBody(itemId, { storageId }));
    expect(second.status).toBe(201);
    const [next] = await log();
    expect(next).toMatchObject({ event: 'dm.version.added', resourceUrn: second.body.data.id, scopeValues: chain });
    expect(next!.payload).toMatchObject({ version: '2', sizeInBytes: 9, source: second.body.data.id });

    const deleted = await user.call<VersionResponse>(
      'POST',
      '/versions',
      versionBody(itemId, { type: DELETED_VERSION_TYPE }),
    );
    expect(deleted.status).toBe(201);
    const file = itemId.replace(':dm.lineage:', ':fs.file:vf.');
    const [gone] = await log();
    expect(gone).toMatchObject({ event: 'dm.version.deleted', resourceUrn: file, scopeValues: chain });
    expect(gone!.payload).toMatchObject({
      version: '3',
      source: file,
      hidden: true,
      mimeType: 'text/plain',
      ext: 'txt',
    });

    const restored = await user.call<VersionResponse>('POST', '/versions', versionBody(itemId), `?copyFrom=${enc(v1)}`);
    expect(restored.status).toBe(201);
    const [back] = await log();
    expect(back).toMatchObject({ event: 'dm.version.added', resourceUrn: restored.body.data.id });
    expect(back!.payload).toMatchObject({ version: '4', hidden: false, sizeInBytes: 2 });

    platform.clock.advance(61.5);
    const renamed = await user.call('PATCH', `/items/${enc(itemId)}`, {
      data: { type: 'items', id: itemId, attributes: { displayName: 'plan-b.txt' } },
    });
    expect(renamed.status).toBe(200);
    const [lineage] = await log();
    expect(lineage).toMatchObject({
      event: 'dm.lineage.updated',
      resourceUrn: restored.body.data.id,
      scopeValues: chain,
    });
    const { bucketKey, objectKey } = parseObjectUrn(restored.body.data.relationships['storage']!.data!.id)!;
    expect(lineage!.payload).toMatchObject({
      name: 'plan-b.txt',
      version: '4',
      modifiedTime: '2026-01-01T00:01:01+0000',
      contentURL: `urn:adsk.objects:os.object:${bucketKey}/${objectKey}`,
      modification_flags: '{"newVersion":false,"accessDefOrScopeChange":false,"metadataOnly":true}',
    });
    expect(lineage!.payload['createdTime']).toMatch(TIME);
  });

  it('records nothing for a refused change, and the region is the hub’s', async () => {
    const user = await member('EMEA');
    const storageId = await user.storeBytes('a.txt', 'a', user.topId);
    const item = {
      data: {
        type: 'items',
        attributes: { displayName: 'a.txt', extension: { type: 'items:autodesk.core:File', version: '1.0' } },
        relationships: { parent: { data: { type: 'folders', id: user.topId } } },
      },
      included: [
        { type: 'versions', attributes: { name: 'a.txt' }, relationships: { storage: { data: { id: storageId } } } },
      ],
    };
    expect((await user.call('POST', '/items', item)).status).toBe(201);
    expect((await user.events()).map((row) => [row.event, row.region])).toEqual([['dm.version.added', 'EMEA']]);
    expect((await user.call('POST', '/items', item)).status).toBe(409);
    expect(await user.events()).toEqual([]);
  });

  it('keeps no event of a change that rolls back', async () => {
    const user = await member();
    const top = (await platform.stores.folders.find(user.project.id, user.topId))!;
    const place = { region: 'US' as const, tenant: user.place.hubId, project: user.place.bareProject };
    await expect(
      withEvents(platform.stores, place, { actor: { id: 'U', name: 'U' }, at: new Date() }, async (_tx, events) => {
        await events.folderAdded(top, user.rootId);
        throw new Error('the change failed after its event');
      }),
    ).rejects.toThrow('the change failed');
    expect(await user.events()).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FolderResponse, TopFoldersResponse } from '../../../contracts/data-management';
import { signedInUser } from '../../testing/oauth-flow';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';
import { eventLog } from '../../testing/webhook-events';

// Each change of folders and the Webhooks events it records in its transaction (wh_events).
let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/;
const enc = encodeURIComponent;

async function member() {
  const session = await signedInUser(platform, 'data:read data:create data:write');
  const hub = await platform.addHub('Folder events', [session.user.email]);
  const project = await platform.addProject(hub.id, 'Tower');
  const call = async (method: string, path: string, body: unknown) =>
    platform.request(`/data/v1/projects/${project.id}${path}`, {
      method,
      headers: { ...session.bearer, 'Content-Type': 'application/vnd.api+json' },
      body: JSON.stringify({ jsonapi: { version: '1.0' }, ...(body as object) }),
    });
  const top = await platform.request(`/project/v1/hubs/${hub.id}/projects/${project.id}/topFolders`, {
    headers: session.bearer,
  });
  const topId = ((await top.json()) as TopFoldersResponse).data[0]!.id;
  const rootId = (await platform.stores.folders.find(project.id, topId))!.parentId!;
  const newFolder = async (name: string, parentId = topId) => {
    const created = await call('POST', '/folders', {
      data: {
        type: 'folders',
        attributes: { name },
        relationships: { parent: { data: { type: 'folders', id: parentId } } },
      },
    });
    expect(created.status).toBe(201);
    return ((await created.json()) as FolderResponse).data.id;
  };
  const place = { hubId: hub.id, bareProject: project.id.slice(2), userId: session.user.id };
  return { topId, rootId, call, newFolder, place, events: await eventLog(platform.stores.db) };
}

describe('Data Management webhook events: folders', () => {
  it('tells a new folder, a rename, hiding and a move to the parents’ chains, not to the folder', async () => {
    const user = await member();
    const log = user.events;
    const plans = await user.newFolder('Plans');
    const [added] = await log();
    expect(added).toMatchObject({
      event: 'dm.folder.added',
      resourceUrn: plans,
      scopeValues: [user.rootId, user.topId],
    });
    expect(added!.payload).toEqual({
      name: 'Plans',
      source: plans,
      parentFolderUrn: user.topId,
      ancestors: [
        { urn: user.rootId, name: 'Tower root' },
        { urn: user.topId, name: 'Project Files' },
      ],
      folderAggregatePath: '/Tower root/Project Files/Plans',
      hidden: false,
      indexable: false,
      createdTime: expect.stringMatching(TIME) as string,
      modifiedTime: expect.stringMatching(TIME) as string,
      modifiedBy: user.place.userId,
      user_info: { id: user.place.userId },
      project: user.place.bareProject,
      tenant: user.place.hubId,
    });

    const patch = (attributes: object, parentId?: string) =>
      user.call('PATCH', `/folders/${enc(plans)}`, {
        data: {
          type: 'folders',
          id: plans,
          attributes,
          ...(parentId ? { relationships: { parent: { data: { type: 'folders', id: parentId } } } } : {}),
        },
      });
    expect((await patch({ name: 'Drawings' })).status).toBe(200);
    expect((await patch({ hidden: true })).status).toBe(200);
    const modified = await log();
    expect(modified.map((row) => [row.event, row.resourceUrn, row.scopeValues])).toEqual([
      ['dm.folder.modified', plans, [user.rootId, user.topId]],
      ['dm.folder.modified', plans, [user.rootId, user.topId]],
    ]);
    expect(modified.map((row) => [row.payload['name'], row.payload['hidden']])).toEqual([
      ['Drawings', false],
      ['Drawings', true],
    ]);

    const archive = await user.newFolder('Archive');
    await log();
    expect((await patch({}, archive)).status).toBe(200);
    const [moved, out, ...rest] = await log();
    expect(rest).toEqual([]);
    expect(moved).toMatchObject({ event: 'dm.folder.moved', scopeValues: [user.rootId, user.topId, archive] });
    expect(moved!.payload).toMatchObject({ parentFolderUrn: archive, target: plans, source: plans });
    expect(out).toMatchObject({ event: 'dm.folder.moved.out', scopeValues: [user.rootId, user.topId] });
    expect(out!.payload).toMatchObject({ parentFolderUrn: user.topId, target: plans });
    expect(out!.payload['jobId']).toBe(moved!.payload['jobId']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELETED_VERSION_TYPE,
  ITEM_TYPE,
  VERSION_TYPE,
  type FolderContentsResponse,
  type FolderResponse,
  type ItemResponse,
  type TopFoldersResponse,
  type VersionResponse,
} from '../../../contracts/data-management';
import type { JsonApiErrorBody } from '../../../contracts/json-api';
import { PLATFORM_ACTOR } from '../../storage/projects';
import { signedInUser } from '../../testing/oauth-flow';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// Moving, renaming, deleting and restoring as PATCH folders and POST versions allow it.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

const enc = encodeURIComponent;

async function member() {
  const session = await signedInUser(platform, 'data:read data:create data:write');
  const hub = await platform.addHub('Changes', [session.user.email]);
  const project = await platform.addProject(hub.id, 'Tower');
  const call = async <T>(method: string, path: string, body?: unknown) => {
    const response = await platform.request(`/data/v1/projects/${project.id}${path}`, {
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
  return { project, topId, call, newFolder };
}

const moveBody = (id: string, parentId: string) => ({
  data: { type: 'folders', id, relationships: { parent: { data: { type: 'folders', id: parentId } } } },
});

describe('PATCH folders: moving a folder', () => {
  it('moves a folder under another (200) and lists it there, not where it was', async () => {
    const { call, newFolder, topId } = await member();
    const plans = await newFolder('Plans');
    const archive = await newFolder('Archive');
    const moved = await call<FolderResponse>('PATCH', `/folders/${enc(plans)}`, moveBody(plans, archive));
    expect(moved.status).toBe(200);
    expect(moved.body.data.relationships['parent']?.data?.id).toBe(archive);
    const parent = await call<FolderResponse>('GET', `/folders/${enc(plans)}/parent`);
    expect(parent.body.data.id).toBe(archive);
    const top = await call<FolderContentsResponse>('GET', `/folders/${enc(topId)}/contents`);
    expect(top.body.data.map((entry) => entry.id)).toEqual([archive]);
  });

  it('refuses a move into the folder itself or below it (400), to an unknown folder (404), onto a taken name (409)', async () => {
    const { call, newFolder } = await member();
    const plans = await newFolder('Plans');
    const inner = await newFolder('Level 1', plans);
    const other = await newFolder('Other');
    await newFolder('Plans', other);
    for (const into of [plans, inner]) {
      const refused = await call<JsonApiErrorBody>('PATCH', `/folders/${enc(plans)}`, moveBody(plans, into));
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0]).toMatchObject({
        status: '400',
        detail: 'A folder cannot be moved into itself or into a folder inside it.',
      });
    }
    const unknown = await call<JsonApiErrorBody>(
      'PATCH',
      `/folders/${enc(plans)}`,
      moveBody(plans, 'urn:adsk.wipprod:fs.folder:co.nothing'),
    );
    expect(unknown.status).toBe(404);
    const taken = await call<JsonApiErrorBody>('PATCH', `/folders/${enc(plans)}`, moveBody(plans, other));
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0]!.detail).toBe('Another object with the same name already exists in this container');
  });

  it('renames and moves in one request, and hides and shows a folder again', async () => {
    const { call, newFolder } = await member();
    const plans = await newFolder('Plans');
    const archive = await newFolder('Archive');
    const both = await call<FolderResponse>('PATCH', `/folders/${enc(plans)}`, {
      data: { ...moveBody(plans, archive).data, attributes: { name: 'Plans 2024' } },
    });
    expect(both.body.data.attributes.name).toBe('Plans 2024');
    expect(both.body.data.relationships['parent']?.data?.id).toBe(archive);
    const hidden = await call<FolderResponse>('PATCH', `/folders/${enc(plans)}`, {
      data: { type: 'folders', id: plans, attributes: { hidden: true } },
    });
    expect(hidden.body.data.attributes.hidden).toBe(true);
    const listed = await call<FolderContentsResponse>('GET', `/folders/${enc(archive)}/contents`);
    expect(listed.body.data).toEqual([]);
    const shown = await call<FolderResponse>('PATCH', `/folders/${enc(plans)}`, {
      data: { type: 'folders', id: plans, attributes: { hidden: false } },
    });
    expect(shown.body.data.attributes.hidden).toBe(false);
  });
});

describe('POST versions: deleting and restoring a file', () => {
  async function withItem() {
    const user = await member();
    await platform.stores.items.createMany(
      user.project.id,
      user.topId,
      [{ name: 'tower.ifc', storageUrn: null, size: 10, mimeType: null, fileType: 'ifc' }],
      { item: ITEM_TYPE, version: VERSION_TYPE },
      PLATFORM_ACTOR,
      platform.clock.now(),
    );
    const listed = await user.call<FolderContentsResponse>('GET', `/folders/${enc(user.topId)}/contents`);
    return { ...user, itemId: listed.body.data[0]!.id };
  }
  const deleted = (itemId: string) => ({
    data: {
      type: 'versions',
      attributes: { name: 'tower.ifc', extension: { type: DELETED_VERSION_TYPE, version: '1.0' } },
      relationships: { item: { data: { type: 'items', id: itemId } } },
    },
  });

  it('a Deleted version hides the item (201); copying version 1 back restores it as version 3', async () => {
    const { call, itemId, topId } = await withItem();
    const removed = await call<VersionResponse>('POST', '/versions', deleted(itemId));
    expect(removed.status).toBe(201);
    expect(removed.body.data.attributes).toMatchObject({ versionNumber: 2, extension: { type: DELETED_VERSION_TYPE } });
    expect((await call<ItemResponse>('GET', `/items/${enc(itemId)}`)).body.data.attributes.hidden).toBe(true);
    expect((await call<FolderContentsResponse>('GET', `/folders/${enc(topId)}/contents`)).body.data).toEqual([]);
    expect(
      (await call<FolderContentsResponse>('GET', `/folders/${enc(topId)}/contents?includeHidden=true`)).body.data,
    ).toHaveLength(1);

    const again = await call<JsonApiErrorBody>('POST', '/versions', deleted(itemId));
    expect(again.status).toBe(400);
    expect(again.body.errors[0]!.detail).toBe('The item is already deleted.');

    const versionOne = `${itemId.replace(':dm.lineage:', ':fs.file:vf.')}?version=1`;
    const restored = await call<VersionResponse>('POST', `/versions?copyFrom=${enc(versionOne)}`, {
      data: { type: 'versions', relationships: { item: { data: { type: 'items', id: itemId } } } },
    });
    expect(restored.status).toBe(201);
    expect(restored.body.data.attributes).toMatchObject({
      versionNumber: 3,
      storageSize: 10,
      extension: { type: VERSION_TYPE },
    });
    expect((await call<ItemResponse>('GET', `/items/${enc(itemId)}`)).body.data.attributes.hidden).toBe(false);
  });

  it("refuses copyFrom of a deleted version, of another project's version, and a comment that is not text (400)", async () => {
    const { call, itemId } = await withItem();
    await call('POST', '/versions', deleted(itemId));
    const copyOf = (id: string) =>
      call<JsonApiErrorBody>('POST', `/versions?copyFrom=${enc(id)}`, {
        data: { type: 'versions', relationships: { item: { data: { type: 'items', id: itemId } } } },
      });
    expect(
      (await copyOf(`${itemId.replace(':dm.lineage:', ':fs.file:vf.')}?version=2`)).body.errors[0]!.detail,
    ).toContain('deleted version');
    expect((await copyOf('urn:adsk.wipprod:fs.file:vf.elsewhere?version=1')).status).toBe(400);
    const badComment = await call<JsonApiErrorBody>('POST', '/versions', {
      data: {
        ...deleted(itemId).data,
        attributes: { extension: { type: DELETED_VERSION_TYPE, data: { comment: 7 } } },
      },
    });
    expect(badComment.status).toBe(400);
    expect(badComment.body.errors[0]!.detail).toBe('attributes.extension.data.comment must be a string.');
  });
});

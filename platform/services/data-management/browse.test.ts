import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ITEM_TYPE,
  VERSION_TYPE,
  type FolderContentsResponse,
  type FolderResponse,
  type ItemResponse,
  type ProjectsResponse,
  type TopFoldersResponse,
  type VersionsResponse,
} from '../../../contracts/data-management';
import type { JsonApiErrorBody } from '../../../contracts/json-api';
import { PLATFORM_ACTOR } from '../../storage/projects';
import { signedInUser } from '../../testing/oauth-flow';
import { createTestPlatform, TEST_ISSUER, type TestPlatform } from '../../testing/test-platform';

// One platform per file: every test makes its own user, hub and project, so they do not meet.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

/** A signed-in member of a hub with one project, and that project's top folder. */
async function memberWithProject(scope = 'data:read data:create data:write') {
  const session = await signedInUser(platform, scope);
  const hub = await platform.addHub('Studio', [session.user.email]);
  const project = await platform.addProject(hub.id, 'Tower');
  const get = async <T>(path: string) => {
    const response = await platform.request(path, { headers: session.bearer });
    return { status: response.status, body: (await response.json()) as T };
  };
  const top = await get<TopFoldersResponse>(`/project/v1/hubs/${hub.id}/projects/${project.id}/topFolders`);
  return { ...session, hub, project, topFolder: top.body.data[0]!, get };
}

const enc = encodeURIComponent;

describe('projects and top folders', () => {
  it("lists a hub's projects with their root folder, and the top folder under it", async () => {
    const { hub, project, get, topFolder } = await memberWithProject();
    const projects = await get<ProjectsResponse>(`/project/v1/hubs/${hub.id}/projects`);
    expect(projects.status).toBe(200);
    expect(projects.body.data).toHaveLength(1);
    expect(projects.body.data[0]).toMatchObject({
      type: 'projects',
      id: project.id,
      attributes: { name: 'Tower', extension: { type: 'projects:autodesk.core:Project' } },
      relationships: {
        hub: { data: { type: 'hubs', id: hub.id } },
        rootFolder: { data: { type: 'folders', id: project.root_folder_id } },
      },
    });
    expect(topFolder).toMatchObject({
      type: 'folders',
      attributes: { name: 'Project Files', hidden: false, extension: { type: 'folders:autodesk.core:Folder' } },
    });
    expect(topFolder.attributes.createUserName).toBe(PLATFORM_ACTOR.name);
  });

  it("hides another hub's projects and folders from a user who is not a member", async () => {
    const owner = await memberWithProject();
    const stranger = await signedInUser(platform);
    const asStranger = (path: string) => platform.request(path, { headers: stranger.bearer });
    const projects = await asStranger(`/project/v1/hubs/${owner.hub.id}/projects`);
    expect(projects.status).toBe(404);
    expect(((await projects.json()) as JsonApiErrorBody).errors[0]).toMatchObject({ status: '404', code: 'NOT_FOUND' });
    const folder = await asStranger(`/data/v1/projects/${owner.project.id}/folders/${enc(owner.topFolder.id)}`);
    expect(folder.status).toBe(404);
  });
});

describe('folders', () => {
  it('creates a folder (201), then refuses the same name in the same place (409)', async () => {
    const { project, topFolder, bearer, get } = await memberWithProject();
    const create = (name: string) =>
      platform.request(`/data/v1/projects/${project.id}/folders`, {
        method: 'POST',
        headers: { ...bearer, 'Content-Type': 'application/vnd.api+json' },
        body: JSON.stringify({
          jsonapi: { version: '1.0' },
          data: {
            type: 'folders',
            attributes: { name, extension: { type: 'folders:autodesk.core:Folder', version: '1.0' } },
            relationships: { parent: { data: { type: 'folders', id: topFolder.id } } },
          },
        }),
      });
    const created = await create('Drawings');
    expect(created.status).toBe(201);
    const folder = (await created.json()) as FolderResponse;
    expect(folder.data.attributes).toMatchObject({ name: 'Drawings', objectCount: 0 });
    expect(folder.data.relationships['parent']?.data).toEqual({ type: 'folders', id: topFolder.id });
    expect((await create('drawings')).status).toBe(409);
    const bad = await create('a/b');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as JsonApiErrorBody).errors[0]!.detail).toContain('must not contain');
    const parent = await get<FolderResponse>(`/data/v1/projects/${project.id}/folders/${enc(folder.data.id)}/parent`);
    expect(parent.body.data.id).toBe(topFolder.id);
  });

  it('pages a large folder: every item exactly once, with next and prev links', async () => {
    const { project, topFolder, get } = await memberWithProject();
    const names = Array.from({ length: 450 }, (_, n) => ({
      name: `part-${String(n).padStart(4, '0')}.stl`,
      storageUrn: null,
      size: 100 + n,
      mimeType: null,
      fileType: 'stl',
    }));
    await platform.stores.items.createMany(
      project.id,
      topFolder.id,
      names,
      { item: ITEM_TYPE, version: VERSION_TYPE },
      PLATFORM_ACTOR,
      platform.clock.now(),
    );
    const seen: string[] = [];
    let path: string | undefined =
      `/data/v1/projects/${project.id}/folders/${enc(topFolder.id)}/contents?page%5Blimit%5D=200`;
    let pages = 0;
    while (path) {
      const page: { status: number; body: FolderContentsResponse } = await get<FolderContentsResponse>(path);
      expect(page.status).toBe(200);
      pages += 1;
      for (const entry of page.body.data) seen.push(entry.id);
      expect(page.body.included).toHaveLength(page.body.data.length);
      if (pages > 1) expect(page.body.links.prev).toBeDefined();
      path = page.body.links.next ? page.body.links.next.href.replace(TEST_ISSUER, '') : undefined;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(450);
    expect(new Set(seen).size).toBe(450);
  });

  it('filters a folder by name in the query, case-sensitively, before paging (filter[displayName]-contains and its kin)', async () => {
    const { project, topFolder, get } = await memberWithProject();
    const names = Array.from({ length: 450 }, (_, n) => ({
      name: `part-${String(n).padStart(4, '0')}.stl`,
      storageUrn: null,
      size: 100 + n,
      mimeType: null,
      fileType: 'stl',
    }));
    await platform.stores.items.createMany(
      project.id,
      topFolder.id,
      [...names, { ...names[0]!, name: 'PART-SPECIAL.stl' }],
      { item: ITEM_TYPE, version: VERSION_TYPE },
      PLATFORM_ACTOR,
      platform.clock.now(),
    );
    const contents = `/data/v1/projects/${project.id}/folders/${enc(topFolder.id)}/contents`;
    const namesOf = async (query: string) => {
      const page = await get<FolderContentsResponse>(`${contents}?${query}`);
      expect(page.status).toBe(200);
      return {
        names: page.body.data.map((entry) =>
          entry.type === 'items' ? entry.attributes.displayName : entry.attributes.name,
        ),
        next: page.body.links.next,
      };
    };

    expect(await namesOf('filter[displayName]-contains=0007')).toEqual({ names: ['part-0007.stl'], next: undefined });
    expect((await namesOf('filter[attributes.displayName]-contains=PART')).names).toEqual(['PART-SPECIAL.stl']);
    expect((await namesOf('filter[displayName]=part-0001.stl,part-0002.stl')).names).toEqual([
      'part-0001.stl',
      'part-0002.stl',
    ]);
    expect((await namesOf('filter[displayName]-starts=part-044')).names).toHaveLength(10);
    expect((await namesOf('filter[displayName]-ends=9.stl&filter[displayName]-lt=part-0100')).names).toHaveLength(10);
    // Paging counts only the names that match: the filtered list's pages, the last with no next.
    const matching = names.filter(({ name }) => /[12]/.test(name)).length;
    const first = await namesOf('filter[displayName]-contains=1,2&page[number]=0&page[limit]=200');
    const second = await namesOf('filter[displayName]-contains=1,2&page[number]=1&page[limit]=200');
    expect(first.names).toHaveLength(200);
    expect(first.next).toBeDefined();
    expect(second).toEqual({
      names: names
        .map(({ name }) => name)
        .filter((name) => /[12]/.test(name))
        .slice(200),
      next: undefined,
    });
    expect(matching).toBe(200 + second.names.length);

    const refused = await get<JsonApiErrorBody>(`${contents}?filter[displayName]-like=part`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]!.detail).toContain('-contains');
    expect((await get<JsonApiErrorBody>(`${contents}?filter[displayName]-contains=${enc('a\u0001b')}`)).status).toBe(
      400,
    );
  });

  it('refuses a page limit over 200', async () => {
    const { project, topFolder, get } = await memberWithProject();
    const response = await get<JsonApiErrorBody>(
      `/data/v1/projects/${project.id}/folders/${enc(topFolder.id)}/contents?page%5Blimit%5D=201`,
    );
    expect(response.status).toBe(400);
    expect(response.body.errors[0]!.detail).toContain('page[limit]');
  });
});

describe('items and versions', () => {
  it('serves an item with its tip, its versions newest first, and each version by id', async () => {
    const { project, topFolder, get } = await memberWithProject();
    const actor = PLATFORM_ACTOR;
    const itemId = 'urn:adsk.wipprod:dm.lineage:test-item-0001';
    const first = await platform.stores.items.create(
      { id: itemId, projectId: project.id, folderId: topFolder.id, displayName: 'house.ifc', extensionType: ITEM_TYPE },
      {
        name: 'house.ifc',
        extensionType: VERSION_TYPE,
        storageUrn: 'urn:adsk.objects:os.object:bucket:house.ifc',
        storageSize: 10,
        mimeType: null,
        fileType: 'ifc',
        comment: null,
      },
      actor,
      platform.clock.now(),
    );
    await platform.stores.items.addVersion(
      itemId,
      {
        name: 'house.ifc',
        extensionType: VERSION_TYPE,
        storageUrn: 'urn:adsk.objects:os.object:bucket:house2.ifc',
        storageSize: 20,
        mimeType: null,
        fileType: 'ifc',
        comment: 'roof fixed',
      },
      actor,
      platform.clock.now(),
    );
    const item = await get<ItemResponse>(`/data/v1/projects/${project.id}/items/${enc(itemId)}`);
    expect(item.body.data.attributes.displayName).toBe('house.ifc');
    expect(item.body.included?.[0]).toMatchObject({
      type: 'versions',
      attributes: { versionNumber: 2, storageSize: 20 },
    });
    const versions = await get<VersionsResponse>(`/data/v1/projects/${project.id}/items/${enc(itemId)}/versions`);
    expect(versions.body.data.map((v) => v.attributes.versionNumber)).toEqual([2, 1]);
    expect(versions.body.data[1]!.id).toBe(first.id);
    const one = await get<{ data: { relationships: Record<string, { data?: { id: string } }> } }>(
      `/data/v1/projects/${project.id}/versions/${enc(first.id)}`,
    );
    expect(one.status).toBe(200);
    expect(one.body.data.relationships['storage']?.data?.id).toBe('urn:adsk.objects:os.object:bucket:house.ifc');
  });
});

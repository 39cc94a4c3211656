import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_TYPE, VERSION_TYPE, type SearchResponse } from '../../../contracts/data-management';
import type { JsonApiErrorBody } from '../../../contracts/json-api';
import { PLATFORM_ACTOR } from '../../storage/projects';
import { signedInUser } from '../../testing/oauth-flow';
import { createTestPlatform, TEST_ISSUER, type TestPlatform } from '../../testing/test-platform';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

const enc = encodeURIComponent;
const file = (name: string, fileType = name.split('.').pop() ?? null) => ({
  name,
  storageUrn: null,
  size: 10,
  mimeType: null,
  fileType,
});
const types = { item: ITEM_TYPE, version: VERSION_TYPE };

/** A project whose top folder holds a.ifc, Models/Tower.ifc, Models/Notes/tower-notes.pdf and Old (hidden)/tower-old.ifc. */
async function projectWithTree(scope = 'data:read') {
  const session = await signedInUser(platform, scope);
  const hub = await platform.addHub('Studio', [session.user.email]);
  const project = await platform.addProject(hub.id, 'Tower');
  const topId = (await platform.stores.folders.children(project.root_folder_id!, false, 0, 1))[0]!.id;
  const now = platform.clock.now();
  const folder = async (id: string, parentId: string, name: string, hidden = false) => {
    await platform.stores.folders.create({ id, projectId: project.id, parentId, name, hidden }, PLATFORM_ACTOR, now);
    return id;
  };
  const models = await folder(`urn:adsk.wipprod:fs.folder:co.models-${project.id}`, topId, 'Models');
  const notes = await folder(`urn:adsk.wipprod:fs.folder:co.notes-${project.id}`, models, 'Notes');
  const old = await folder(`urn:adsk.wipprod:fs.folder:co.old-${project.id}`, topId, 'Old', true);
  await platform.stores.items.createMany(project.id, topId, [file('a.ifc')], types, PLATFORM_ACTOR, now);
  await platform.stores.items.createMany(project.id, models, [file('Tower.ifc')], types, PLATFORM_ACTOR, now);
  await platform.stores.items.createMany(project.id, notes, [file('tower-notes.pdf')], types, PLATFORM_ACTOR, now);
  await platform.stores.items.createMany(project.id, old, [file('tower-old.ifc')], types, PLATFORM_ACTOR, now);
  const search = async <T = SearchResponse>(folderId: string, query = '') => {
    const response = await platform.request(
      `/data/v1/projects/${project.id}/folders/${enc(folderId)}/search${query ? `?${query}` : ''}`,
      { headers: session.bearer },
    );
    return { status: response.status, body: (await response.json()) as T };
  };
  const names = async (folderId: string, query = '') =>
    (await search(folderId, query)).body.data.map((version) => version.attributes.name);
  return { session, project, topId, models, notes, search, names };
}

describe('GET …/folders/{folder_id}/search', () => {
  it('lists the tip versions in a folder and every visible folder below it, with their items included', async () => {
    const { project, topId, models, search, names } = await projectWithTree();
    const item = (await platform.stores.items.findByName(models, 'Tower.ifc'))!;
    await platform.stores.items.addVersion(
      item.id,
      {
        ...file('Tower.ifc'),
        extensionType: VERSION_TYPE,
        storageUrn: null,
        storageSize: 20,
        mimeType: null,
        fileType: 'ifc',
        comment: null,
      },
      PLATFORM_ACTOR,
      platform.clock.now(),
    );

    const all = await search(topId);
    expect(all.status).toBe(200);
    expect(all.body.data.map((v) => v.attributes.name)).toEqual(['a.ifc', 'tower-notes.pdf', 'Tower.ifc']);
    const tower = all.body.data[2]!;
    expect(tower).toMatchObject({
      type: 'versions',
      attributes: { versionNumber: 2, displayName: 'Tower.ifc' },
      relationships: { item: { data: { type: 'items', id: item.id } } },
    });
    expect(all.body.included?.map((i) => i.type)).toEqual(['items', 'items', 'items']);
    expect(all.body.included?.find((i) => i.id === item.id)?.relationships['parent']?.data?.id).toBe(models);
    expect(all.body.links.self.href).toBe(`${TEST_ISSUER}/data/v1/projects/${project.id}/folders/${enc(topId)}/search`);
    expect(await names(models)).toEqual(['tower-notes.pdf', 'Tower.ifc']);
  });

  it("filters on the version payload with the service's operators, case-sensitively", async () => {
    const { topId, names } = await projectWithTree();
    expect(await names(topId, 'filter[displayName]-contains=ower')).toEqual(['tower-notes.pdf', 'Tower.ifc']);
    expect(await names(topId, 'filter[displayName]-contains=Tower')).toEqual(['Tower.ifc']);
    expect(await names(topId, 'filter[attributes.name]-contains=tower,Tower')).toEqual([
      'tower-notes.pdf',
      'Tower.ifc',
    ]);
    expect(await names(topId, 'filter[displayName]=a.ifc')).toEqual(['a.ifc']);
    expect(await names(topId, 'filter[fileType]=ifc')).toEqual(['a.ifc', 'Tower.ifc']);
    expect(await names(topId, 'filter[fileType]=ifc&filter[displayName]-starts=T')).toEqual(['Tower.ifc']);
    expect(await names(topId, `filter[extension.type]=${enc(VERSION_TYPE)}&filter[type]=versions`)).toHaveLength(3);
    expect(await names(topId, 'filter[type]=items')).toEqual([]);
  });

  it('pages with page[number], each match once, links.next until the last page', async () => {
    const { project, topId, search } = await projectWithTree();
    await platform.stores.items.createMany(
      project.id,
      topId,
      Array.from({ length: 5 }, (_, n) => file(`sheet-${n}.pdf`)),
      types,
      PLATFORM_ACTOR,
      platform.clock.now(),
    );
    const seen: string[] = [];
    let query: string | undefined = 'filter[fileType]=pdf&page[limit]=2';
    while (query !== undefined) {
      const page: { body: SearchResponse } = await search(topId, query);
      seen.push(...page.body.data.map((v) => v.attributes.name));
      expect(page.body.included).toHaveLength(page.body.data.length);
      query = page.body.links.next ? new URL(page.body.links.next.href).search.slice(1) : undefined;
    }
    expect(seen).toEqual([
      'sheet-0.pdf',
      'sheet-1.pdf',
      'sheet-2.pdf',
      'sheet-3.pdf',
      'sheet-4.pdf',
      'tower-notes.pdf',
    ]);
    const past = await search(topId, 'page[number]=9&page[limit]=2');
    expect(past.body.data).toEqual([]);
    expect(past.body.links.prev).toBeDefined();
  });

  it('accepts a token holding data:search alone', async () => {
    const { topId, names } = await projectWithTree('data:search');
    expect(await names(topId)).toHaveLength(3);
  });

  it('answers bad input with a JSON:API 400 that says what was wrong, and a missing folder with 404', async () => {
    const { project, topId, search } = await projectWithTree();
    const refusal = async (query: string) => {
      const response = await search<JsonApiErrorBody>(topId, query);
      expect(response.status).toBe(400);
      expect(response.body.errors[0]).toMatchObject({ status: '400', code: 'BAD_INPUT' });
      return response.body.errors[0]!.detail;
    };
    expect(await refusal('filter[createTime]-gt=2020')).toContain('a folder search filters on id, name, displayName');
    expect(await refusal('filter[displayName]-like=a')).toContain('-contains');
    expect(await refusal('filter[type]-contains=vers')).toContain('no operator');
    expect(await refusal(`filter[displayName]-contains=${'x'.repeat(256)}`)).toContain('at most 255 characters');
    expect(await refusal(`filter[displayName]-contains=${Array.from({ length: 51 }, () => 'x').join(',')}`)).toContain(
      'at most 50 values',
    );
    expect(await refusal(`filter[displayName]-contains=${enc('a\u0007b')}`)).toContain('control character');
    expect(await refusal('page[number]=-1')).toContain('page[number]');
    const missing = await search<JsonApiErrorBody>('urn:adsk.wipprod:fs.folder:co.nothing');
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0]!.detail).toContain('does not exist');
    const stranger = await signedInUser(platform);
    const hidden = await platform.request(`/data/v1/projects/${project.id}/folders/${enc(topId)}/search`, {
      headers: stranger.bearer,
    });
    expect(hidden.status).toBe(404);
  });
});

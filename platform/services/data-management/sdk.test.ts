import { ApsConfiguration, SdkManagerBuilder, StaticAuthenticationProvider } from '@aps_sdk/autodesk-sdkmanager';
import { DataManagementClient } from '@aps_sdk/data-management';
import { OssClient } from '@aps_sdk/oss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseObjectUrn } from '../../../contracts/oss';
import { ITEM_TYPE, VERSION_TYPE } from '../../../contracts/data-management';
import { PLATFORM_ACTOR } from '../../storage/projects';
import { listen } from '../../testing/listen';
import { signedInUser } from '../../testing/oauth-flow';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// The official clients against a listening platform: the wire as real APS clients speak it.
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

async function clients() {
  const session = await signedInUser(platform, 'data:read data:write data:create');
  const config = new ApsConfiguration({});
  config.BaseAddress = server.url as unknown as URL;
  const sdkManager = SdkManagerBuilder.create().addApsConfiguration(config).build();
  const authenticationProvider = new StaticAuthenticationProvider(session.tokens.access_token);
  return {
    session,
    dm: new DataManagementClient({ sdkManager, authenticationProvider }),
    oss: new OssClient({ sdkManager, authenticationProvider }),
  };
}

describe('@aps_sdk/data-management against the platform', () => {
  it('walks hubs, projects, top folders and a paged folder, then uploads a file in four steps and a second version', async () => {
    const { session, dm, oss } = await clients();
    const hub = await platform.addHub('SDK Hub', [session.user.email]);
    const project = await platform.addProject(hub.id, 'SDK Project');

    const hubs = await dm.getHubs();
    expect(hubs.data?.map((h) => h.id)).toEqual([hub.id]);
    const projects = await dm.getHubProjects(hub.id);
    expect(projects.data?.[0]?.attributes?.name).toBe('SDK Project');
    const top = await dm.getProjectTopFolders(hub.id, project.id);
    const folderId = top.data![0]!.id;

    const files = Array.from({ length: 30 }, (_, n) => ({
      name: `sheet-${String(n).padStart(2, '0')}.pdf`,
      storageUrn: null,
      size: 1,
      mimeType: null,
      fileType: 'pdf',
    }));
    await platform.stores.items.createMany(
      project.id,
      folderId,
      files,
      { item: ITEM_TYPE, version: VERSION_TYPE },
      PLATFORM_ACTOR,
      platform.clock.now(),
    );
    const seen: string[] = [];
    for (let page = 0; ; page++) {
      const contents = await dm.getFolderContents(project.id, folderId, {
        pageNumber: page,
        pageLimit: 7,
        filterType: ['items'],
      });
      seen.push(...(contents.data ?? []).map((entry) => entry.id));
      if (!contents.links?.next) break;
    }
    expect(new Set(seen).size).toBe(30);

    const upload = async (bytes: Buffer) => {
      const storage = await dm.createStorage(project.id, {
        jsonapi: { version: '1.0' },
        data: {
          type: 'objects',
          attributes: { name: 'tower.ifc' },
          relationships: { target: { data: { type: 'folders', id: folderId } } },
        },
      } as never);
      // The SDK types the created storage loosely; its id is the OSS object URN.
      const storageId = String((storage as { data?: { id?: unknown } }).data?.id);
      const { bucketKey, objectKey } = parseObjectUrn(storageId)!;
      await oss.uploadObject(bucketKey, objectKey, bytes);
      return storageId;
    };
    const item = await dm.createItem(project.id, {
      jsonapi: { version: '1.0' },
      data: {
        type: 'items',
        attributes: { displayName: 'tower.ifc', extension: { type: ITEM_TYPE, version: '1.0' } },
        relationships: {
          tip: { data: { type: 'versions', id: '1' } },
          parent: { data: { type: 'folders', id: folderId } },
        },
      },
      included: [
        {
          type: 'versions',
          id: '1',
          attributes: { name: 'tower.ifc', extension: { type: VERSION_TYPE, version: '1.0' } },
          relationships: {
            storage: { data: { type: 'objects', id: await upload(Buffer.from('ISO-10303-21; first')) } },
          },
        },
      ],
    } as never);
    const itemId = item.data!.id;
    await dm.createVersion(project.id, {
      jsonapi: { version: '1.0' },
      data: {
        type: 'versions',
        attributes: { name: 'tower.ifc', extension: { type: VERSION_TYPE, version: '1.0' } },
        relationships: {
          item: { data: { type: 'items', id: itemId } },
          storage: { data: { type: 'objects', id: await upload(Buffer.from('ISO-10303-21; second, longer')) } },
        },
      },
    } as never);

    const versions = await dm.getItemVersions(project.id, itemId);
    expect(versions.data?.map((v) => v.attributes?.versionNumber)).toEqual([2, 1]);
    const tip = await dm.getItemTip(project.id, itemId);
    expect(tip.data?.attributes?.versionNumber).toBe(2);
    const fetched = await dm.getItem(project.id, itemId);
    expect(fetched.data?.attributes?.displayName).toBe('tower.ifc');

    const found = await dm.getFolderSearch(project.id, folderId, {
      filterFieldName: 'displayName',
      filterValue: ['tower.ifc', 'sheet-07.pdf'],
    });
    expect(found.data?.map((v) => [v.attributes?.displayName, v.attributes?.versionNumber])).toEqual([
      ['sheet-07.pdf', 1],
      ['tower.ifc', 2],
    ]);
    expect(found.included?.map((i) => i.id)).toContain(itemId);
  });
});

import { ApsConfiguration, SdkManagerBuilder, StaticAuthenticationProvider } from '@aps_sdk/autodesk-sdkmanager';
import { DataManagementClient } from '@aps_sdk/data-management';
import { OssClient } from '@aps_sdk/oss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_VERSION_TYPE, ITEM_TYPE, VERSION_TYPE } from '../../../contracts/data-management';
import { parseObjectUrn } from '../../../contracts/oss';
import { listen } from '../../testing/listen';
import { signedInUser } from '../../testing/oauth-flow';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// The official clients move, rename, delete and restore against a listening platform.
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

describe('@aps_sdk/data-management: changes', () => {
  it('moves and renames a folder, uploads with a comment, deletes the file and restores it', async () => {
    const session = await signedInUser(platform, 'data:read data:write data:create');
    const config = new ApsConfiguration({});
    config.BaseAddress = server.url as unknown as URL;
    const sdkManager = SdkManagerBuilder.create().addApsConfiguration(config).build();
    const authenticationProvider = new StaticAuthenticationProvider(session.tokens.access_token);
    const dm = new DataManagementClient({ sdkManager, authenticationProvider });
    const oss = new OssClient({ sdkManager, authenticationProvider });
    const hub = await platform.addHub('SDK Changes', [session.user.email]);
    const project = await platform.addProject(hub.id, 'SDK Project');
    const topId = (await dm.getProjectTopFolders(hub.id, project.id)).data![0]!.id;

    const folder = (name: string) =>
      dm.createFolder(project.id, {
        jsonapi: { version: '1.0' },
        data: {
          type: 'folders',
          attributes: { name, extension: { type: 'folders:autodesk.core:Folder', version: '1.0' } },
          relationships: { parent: { data: { type: 'folders', id: topId } } },
        },
      } as never);
    const plans = (await folder('Plans')).data!.id;
    const archive = (await folder('Archive')).data!.id;
    const moved = await dm.patchFolder(project.id, plans, {
      jsonapi: { version: '1.0' },
      data: {
        type: 'folders',
        id: plans,
        attributes: { name: 'Old plans' },
        relationships: { parent: { data: { type: 'folders', id: archive } } },
      },
    } as never);
    expect(moved.data?.attributes?.name).toBe('Old plans');
    expect((await dm.getFolderParent(project.id, plans)).data?.id).toBe(archive);

    const storage = await dm.createStorage(project.id, {
      jsonapi: { version: '1.0' },
      data: {
        type: 'objects',
        attributes: { name: 'tower.ifc' },
        relationships: { target: { data: { type: 'folders', id: topId } } },
      },
    } as never);
    const storageId = String((storage as { data?: { id?: unknown } }).data?.id);
    const { bucketKey, objectKey } = parseObjectUrn(storageId)!;
    await oss.uploadObject(bucketKey, objectKey, Buffer.from('ISO-10303-21; first'));
    const item = await dm.createItem(project.id, {
      jsonapi: { version: '1.0' },
      data: {
        type: 'items',
        attributes: { displayName: 'tower.ifc', extension: { type: ITEM_TYPE, version: '1.0' } },
        relationships: {
          tip: { data: { type: 'versions', id: '1' } },
          parent: { data: { type: 'folders', id: topId } },
        },
      },
      included: [
        {
          type: 'versions',
          id: '1',
          attributes: {
            name: 'tower.ifc',
            extension: { type: VERSION_TYPE, version: '1.0', data: { comment: 'Issued for review' } },
          },
          relationships: { storage: { data: { type: 'objects', id: storageId } } },
        },
      ],
    } as never);
    const itemId = item.data!.id;
    const first = (await dm.getItemTip(project.id, itemId)).data!;
    expect(first.attributes?.extension?.data).toMatchObject({ comment: 'Issued for review' });

    await dm.createVersion(project.id, {
      jsonapi: { version: '1.0' },
      data: {
        type: 'versions',
        attributes: { name: 'tower.ifc', extension: { type: DELETED_VERSION_TYPE, version: '1.0' } },
        relationships: { item: { data: { type: 'items', id: itemId } } },
      },
    } as never);
    expect((await dm.getItem(project.id, itemId)).data?.attributes?.hidden).toBe(true);
    await dm.createVersion(
      project.id,
      {
        jsonapi: { version: '1.0' },
        data: {
          type: 'versions',
          attributes: { name: 'tower.ifc', extension: { type: VERSION_TYPE, version: '1.0' } },
          relationships: { item: { data: { type: 'items', id: itemId } } },
        },
      } as never,
      { copyFrom: first.id },
    );
    const restored = await dm.getItem(project.id, itemId);
    expect(restored.data?.attributes?.hidden).toBe(false);
    expect((await dm.getItemTip(project.id, itemId)).data?.attributes?.versionNumber).toBe(3);

    const renamed = await dm.patchItem(project.id, itemId, {
      jsonapi: { version: '1.0' },
      data: { type: 'items', id: itemId, attributes: { displayName: 'tower-v2.ifc' } },
    } as never);
    expect(renamed.data?.attributes?.displayName).toBe('tower-v2.ifc');
  });
});

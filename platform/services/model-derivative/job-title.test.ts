import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_TYPE, VERSION_TYPE, type TopFoldersResponse } from '../../../contracts/data-management';
import { objectUrn } from '../../../contracts/oss';
import { PLATFORM_ACTOR } from '../../storage/projects';
import { FakeTranslator } from '../../testing/fake-translator';
import { designInBucket, translated } from '../../testing/model-derivative';
import { signedInUser } from '../../testing/oauth-flow';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// A Data Management upload is stored under a generated key; the documents a translation makes
// (the PDF's title) carry the file's name as people know it, which its version holds.
let platform: TestPlatform;
let fake: FakeTranslator;
beforeAll(async () => {
  fake = new FakeTranslator();
  platform = await createTestPlatform({}, { translator: fake });
});
afterAll(() => platform.close());

async function versionStoredIn(storageUrn: string, name: string) {
  const session = await signedInUser(platform, 'data:read');
  const hub = await platform.addHub('Studio', [session.user.email]);
  const project = await platform.addProject(hub.id, 'Tower');
  const response = await platform.request(`/project/v1/hubs/${hub.id}/projects/${project.id}/topFolders`, {
    headers: session.bearer,
  });
  const top = ((await response.json()) as TopFoldersResponse).data[0]!;
  await platform.stores.items.create(
    {
      id: `urn:adsk.wipprod:dm.lineage:${name}`,
      projectId: project.id,
      folderId: top.id,
      displayName: name,
      extensionType: ITEM_TYPE,
    },
    { name, extensionType: VERSION_TYPE, storageUrn, storageSize: 10, mimeType: null, fileType: 'ifc', comment: null },
    PLATFORM_ACTOR,
    platform.clock.now(),
  );
}

describe('the title a translation gives its documents', () => {
  it("is the Data Management file's name when the object stores a version", async () => {
    const design = await designInBucket(platform, '6f1c9a2e-0b7d-4c1e-9f3a-2d5e8b7c4a10.ifc');
    await versionStoredIn(objectUrn(design.bucketKey, '6f1c9a2e-0b7d-4c1e-9f3a-2d5e8b7c4a10.ifc'), 'Tower.ifc');
    await translated(platform, design.bearer, design.urn, [{ type: 'pdf' }]);
    expect(fake.requests.at(-1)).toMatchObject({
      fileName: '6f1c9a2e-0b7d-4c1e-9f3a-2d5e8b7c4a10.ifc',
      title: 'Tower.ifc',
    });
  });

  it('is left to the file name for an object of a bucket', async () => {
    const design = await designInBucket(platform, 'bridge.ifc');
    await translated(platform, design.bearer, design.urn, [{ type: 'pdf' }]);
    expect(fake.requests.at(-1)).toMatchObject({ fileName: 'bridge.ifc' });
    expect(fake.requests.at(-1)?.title).toBeUndefined();
  });
});

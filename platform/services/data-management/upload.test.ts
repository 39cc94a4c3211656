import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemResponse, TopFoldersResponse, VersionResponse } from '../../../contracts/data-management';
import type { JsonApiErrorBody } from '../../../contracts/json-api';
import type { SignedS3DownloadResponse, SignedS3UploadResponse } from '../../../contracts/oss';
import { parseObjectUrn } from '../../../contracts/oss';
import { createHub } from '../../cli/admin-commands';
import { signedInUser } from '../../testing/oauth-flow';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// One platform per file: every test makes its own user, hub and project, so they do not meet.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

const JSON_API = 'application/vnd.api+json';

async function member() {
  const session = await signedInUser(platform, 'data:read data:write data:create');
  const hub = await platform.addHub('Uploads Ltd', [session.user.email]);
  const project = await platform.addProject(hub.id, 'Upload Project');
  const call = async (path: string, init: RequestInit = {}): Promise<Response> =>
    platform.request(path, {
      ...init,
      headers: { ...session.bearer, ...(init.body ? { 'Content-Type': JSON_API } : {}), ...init.headers },
    });
  const top = (await (
    await call(`/project/v1/hubs/${hub.id}/projects/${project.id}/topFolders`)
  ).json()) as TopFoldersResponse;
  return { ...session, project, folderId: top.data[0]!.id, call };
}

/** Steps 1 and 2: storage in the project, then its bytes through OSS signed upload. */
async function storeBytes(user: Awaited<ReturnType<typeof member>>, name: string, bytes: Buffer): Promise<string> {
  const storage = await user.call(`/data/v1/projects/${user.project.id}/storage`, {
    method: 'POST',
    body: JSON.stringify({
      jsonapi: { version: '1.0' },
      data: {
        type: 'objects',
        attributes: { name },
        relationships: { target: { data: { type: 'folders', id: user.folderId } } },
      },
    }),
  });
  expect(storage.status).toBe(201);
  const objectId = ((await storage.json()) as { data: { id: string } }).data.id;
  const { bucketKey, objectKey } = parseObjectUrn(objectId)!;
  const objectPath = `/oss/v2/buckets/${bucketKey}/objects/${encodeURIComponent(objectKey)}`;
  const signed = (await (await user.call(`${objectPath}/signeds3upload?parts=1`)).json()) as SignedS3UploadResponse;
  const put = await platform.app.request(signed.urls[0]!, { method: 'PUT', body: new Uint8Array(bytes) });
  expect(put.status).toBe(200);
  const done = await user.call(`${objectPath}/signeds3upload`, {
    method: 'POST',
    body: JSON.stringify({ uploadKey: signed.uploadKey }),
    headers: { 'Content-Type': 'application/json' },
  });
  expect(done.status).toBe(200);
  return objectId;
}

const itemBody = (folderId: string, name: string, storageId: string) =>
  JSON.stringify({
    jsonapi: { version: '1.0' },
    data: {
      type: 'items',
      attributes: { displayName: name, extension: { type: 'items:autodesk.core:File', version: '1.0' } },
      relationships: {
        tip: { data: { type: 'versions', id: '1' } },
        parent: { data: { type: 'folders', id: folderId } },
      },
    },
    included: [
      {
        type: 'versions',
        id: '1',
        attributes: { name, extension: { type: 'versions:autodesk.core:File', version: '1.0' } },
        relationships: { storage: { data: { type: 'objects', id: storageId } } },
      },
    ],
  });
const versionBody = (itemId: string, name: string, storageId: string) =>
  JSON.stringify({
    jsonapi: { version: '1.0' },
    data: {
      type: 'versions',
      attributes: { name, extension: { type: 'versions:autodesk.core:File', version: '1.0' } },
      relationships: {
        item: { data: { type: 'items', id: itemId } },
        storage: { data: { type: 'objects', id: storageId } },
      },
    },
  });

describe('the four-step upload', () => {
  it('makes version 1 of a new item, then version 2, and the bytes come back through the storage', async () => {
    const user = await member();
    const first = Buffer.from('first version of the model');
    const created = await user.call(`/data/v1/projects/${user.project.id}/items`, {
      method: 'POST',
      body: itemBody(user.folderId, 'model.ifc', await storeBytes(user, 'model.ifc', first)),
    });
    expect(created.status).toBe(201);
    const item = (await created.json()) as ItemResponse;
    expect(item.included?.[0]?.attributes).toMatchObject({
      versionNumber: 1,
      storageSize: first.length,
      fileType: 'ifc',
      createUserName: user.user.name,
    });

    const second = Buffer.from('second version, longer than the first');
    const added = await user.call(`/data/v1/projects/${user.project.id}/versions`, {
      method: 'POST',
      body: versionBody(item.data.id, 'model.ifc', await storeBytes(user, 'model.ifc', second)),
    });
    expect(added.status).toBe(201);
    const version = (await added.json()) as VersionResponse;
    expect(version.data.attributes.versionNumber).toBe(2);

    const storageId = version.data.relationships['storage']!.data!.id;
    const { bucketKey, objectKey } = parseObjectUrn(storageId)!;
    const download = (await (
      await user.call(`/oss/v2/buckets/${bucketKey}/objects/${encodeURIComponent(objectKey)}/signeds3download`)
    ).json()) as SignedS3DownloadResponse;
    const bytes = Buffer.from(await (await platform.app.request(download.url!)).arrayBuffer());
    expect(bytes.equals(second)).toBe(true);
    expect(download.sha1).toBe(createHash('sha1').update(second).digest('hex'));
  });

  it('refuses an item whose storage was never uploaded, and a second item of the same name', async () => {
    const user = await member();
    const empty = await user.call(`/data/v1/projects/${user.project.id}/storage`, {
      method: 'POST',
      body: JSON.stringify({
        jsonapi: { version: '1.0' },
        data: {
          type: 'objects',
          attributes: { name: 'a.txt' },
          relationships: { target: { data: { type: 'folders', id: user.folderId } } },
        },
      }),
    });
    const emptyId = ((await empty.json()) as { data: { id: string } }).data.id;
    const early = await user.call(`/data/v1/projects/${user.project.id}/items`, {
      method: 'POST',
      body: itemBody(user.folderId, 'a.txt', emptyId),
    });
    expect(early.status).toBe(400);
    expect(((await early.json()) as JsonApiErrorBody).errors[0]!.detail).toContain('upload the file');
    const stored = await storeBytes(user, 'a.txt', Buffer.from('a'));
    expect(
      (
        await user.call(`/data/v1/projects/${user.project.id}/items`, {
          method: 'POST',
          body: itemBody(user.folderId, 'a.txt', stored),
        })
      ).status,
    ).toBe(201);
    const again = await user.call(`/data/v1/projects/${user.project.id}/items`, {
      method: 'POST',
      body: itemBody(user.folderId, 'A.TXT', await storeBytes(user, 'A.TXT', Buffer.from('b'))),
    });
    expect(again.status).toBe(409);
  });

  it('never loses a version when two uploads of the same item land at once', async () => {
    const user = await member();
    const created = await user.call(`/data/v1/projects/${user.project.id}/items`, {
      method: 'POST',
      body: itemBody(user.folderId, 'race.stl', await storeBytes(user, 'race.stl', Buffer.from('v1'))),
    });
    const itemId = ((await created.json()) as ItemResponse).data.id;
    const storages = await Promise.all(
      Array.from({ length: 6 }, (_, n) => storeBytes(user, 'race.stl', Buffer.from(`v${n + 2}`))),
    );
    const results = await Promise.all(
      storages.map((id) =>
        user.call(`/data/v1/projects/${user.project.id}/versions`, {
          method: 'POST',
          body: versionBody(itemId, 'race.stl', id),
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    const numbers: number[] = [];
    for (const result of results)
      numbers.push(((await result.json()) as VersionResponse).data.attributes.versionNumber);
    expect(numbers.sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it("keeps another user out of the project's storage", async () => {
    const owner = await member();
    const objectId = await storeBytes(owner, 'secret.txt', Buffer.from('secret'));
    const stranger = await signedInUser(platform, 'data:read data:create');
    const { bucketKey, objectKey } = parseObjectUrn(objectId)!;
    const response = await platform.request(
      `/oss/v2/buckets/${bucketKey}/objects/${encodeURIComponent(objectKey)}/signeds3download`,
      { headers: stranger.bearer },
    );
    expect(response.status).toBe(403);
  });
});

describe('downloads', () => {
  it('offers each version in its own format and leads to its stored bytes', async () => {
    const user = await member();
    const created = await user.call(`/data/v1/projects/${user.project.id}/items`, {
      method: 'POST',
      body: itemBody(user.folderId, 'plan.dxf', await storeBytes(user, 'plan.dxf', Buffer.from('0\nSECTION'))),
    });
    const versionId = ((await created.json()) as ItemResponse).included![0]!.id;
    const versionPath = `/data/v1/projects/${user.project.id}/versions/${encodeURIComponent(versionId)}`;
    const formats = (await (await user.call(`${versionPath}/downloadFormats`)).json()) as {
      data: { attributes: { formats: { fileType: string }[] } };
    };
    expect(formats.data.attributes.formats).toEqual([{ fileType: 'dxf' }]);
    const list = (await (await user.call(`${versionPath}/downloads`)).json()) as {
      data: { id: string; relationships: { storage: { data: { id: string } } } }[];
    };
    expect(list.data).toHaveLength(1);
    const one = await user.call(`/data/v1/projects/${user.project.id}/downloads/${list.data[0]!.id}`);
    expect(one.status).toBe(200);
    const job = await user.call(`/data/v1/projects/${user.project.id}/downloads`, {
      method: 'POST',
      body: JSON.stringify({
        jsonapi: { version: '1.0' },
        data: {
          type: 'downloads',
          attributes: { format: { fileType: 'pdf' } },
          relationships: { source: { data: { type: 'versions', id: versionId } } },
        },
      }),
    });
    expect(job.status).toBe(400);
    expect(((await job.json()) as JsonApiErrorBody).errors[0]!.detail).toContain('as dxf only');
  });
});

describe('2-legged access', () => {
  it('sees only the hubs its app was granted, and their projects', async () => {
    const { client_id: clientId, client_secret: secret } = await platform.registerApp({
      name: 'Robot',
      type: 'server',
      scopes: 'data:read',
    });
    const granted = await createHub(platform.stores, { name: 'Granted Hub', app: [clientId] });
    await platform.addHub('Other Hub');
    const project = await platform.addProject(granted.id, 'Robot Project');
    const token = await platform.request('/authentication/v2/token', {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials&scope=data%3Aread',
    });
    const bearer = { Authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };
    const hubs = (await (await platform.request('/project/v1/hubs', { headers: bearer })).json()) as {
      data: { id: string }[];
    };
    expect(hubs.data.map((hub) => hub.id)).toEqual([granted.id]);
    expect(
      (await platform.request(`/project/v1/hubs/${granted.id}/projects/${project.id}`, { headers: bearer })).status,
    ).toBe(200);
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../contracts/authentication';
import { encodeUrn, type Manifest } from '../../contracts/model-derivative';
import { objectUrn } from '../../contracts/oss';
import { demoBuildingIfc } from '../demo/ifc-building';
import { demoTableObj } from '../demo/meshes';
import { verifyPassword } from '../services/authentication/passwords';
import { createTestPlatform, type TestPlatform } from '../testing/test-platform';
import { applySeedFile } from './seed-command';

const CLIENT_ID = 'seeded-server-app';
const SECRET = 'seeded-server-secret-0123456789';
const SEED = `
users:
  - email: Ada@Example.com
    name: Ada Lovelace
    password: analytical-engine
apps:
  - client_id: ${CLIENT_ID}
    client_secret: ${SECRET}
    name: Seeded server
    type: server
hubs:
  - name: Seeded Hub
    members: [ada@example.com]
    apps: [${CLIENT_ID}]
    projects:
      - name: Tower
        folders:
          - name: Models
            folders:
              - name: Old
            files:
              - name: house.ifc
                versions:
                  - path: ./models/house-1.ifc
                    comment: Ground floor
                  - path: models/house-2.ifc
                    comment: First floor
                    translate: [svf2]
        files:
          - name: notes.txt
            versions:
              - content: "Kick-off on Monday\\n"
buckets:
  - key: seeded-bucket
    owner: ${CLIENT_ID}
    objects:
      - key: table.obj
        path: ./table.obj
        translate: [obj]
      - key: readme.txt
        content: hello
`;

let platform: TestPlatform;
let dir: string;
beforeEach(async () => {
  platform = await createTestPlatform();
  dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-seed-'));
  await writeFile(path.join(dir, 'table.obj'), demoTableObj());
  await writeFile(path.join(dir, 'seed.yaml'), SEED);
  const models = path.join(dir, 'models');
  await mkdir(models);
  await writeFile(path.join(models, 'house-1.ifc'), demoBuildingIfc({ storeys: 1 }));
  await writeFile(path.join(models, 'house-2.ifc'), demoBuildingIfc({ storeys: 2 }));
});
afterEach(async () => {
  await platform.close();
  await rm(dir, { recursive: true, force: true });
});

const seed = () => applySeedFile(platform, path.join(dir, 'seed.yaml'));

async function bearer(): Promise<Record<string, string>> {
  const response = await platform.request('/authentication/v2/token', {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${SECRET}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'data:read bucket:read' }).toString(),
  });
  expect(response.status).toBe(200);
  return { Authorization: `Bearer ${((await response.json()) as TokenResponse).access_token}` };
}

type Resource = {
  id: string;
  type: string;
  attributes: Record<string, unknown> & { extension?: { data?: Record<string, unknown> } };
};
async function get<T = { data: Resource[] }>(url: string, headers: Record<string, string>): Promise<T> {
  const response = await platform.request(url, { headers });
  expect(response.status, url).toBe(200);
  return (await response.json()) as T;
}
const named = (resources: Resource[]) =>
  resources.map((resource) => resource.attributes['name'] ?? resource.attributes['displayName']);

/** What a client of the seeded app sees: the hub's tree with versions and comments, and the bucket's objects. */
async function visibleState() {
  const auth = await bearer();
  const [hub] = (await get('/project/v1/hubs', auth)).data;
  const [project] = (await get(`/project/v1/hubs/${hub!.id}/projects`, auth)).data;
  const [top] = (await get(`/project/v1/hubs/${hub!.id}/projects/${project!.id}/topFolders`, auth)).data;
  const contents = (id: string) =>
    get(`/data/v1/projects/${project!.id}/folders/${encodeURIComponent(id)}/contents`, auth);
  const topContents = (await contents(top!.id)).data;
  const models = (await contents(topContents.find((entry) => entry.attributes['name'] === 'Models')!.id)).data;
  const house = models.find((entry) => entry.attributes['displayName'] === 'house.ifc')!;
  const versions = (await get(`/data/v1/projects/${project!.id}/items/${encodeURIComponent(house.id)}/versions`, auth))
    .data;
  const objects = await get<{ items: { objectKey: string; size: number }[] }>(
    '/oss/v2/buckets/seeded-bucket/objects',
    auth,
  );
  return {
    hub: hub!.attributes['name'],
    project: project!.attributes['name'],
    top: named(topContents),
    models: named(models),
    versions: versions.map((version) => [
      version.attributes['versionNumber'],
      version.attributes.extension?.data?.['comment'],
    ]),
    objects: objects.items.map((object) => object.objectKey),
    tipId: versions[0]!.id,
    auth,
  };
}

describe('applying a seed', () => {
  it('makes users, apps, hubs, projects, folders, versions with comments, buckets and objects a client can read', async () => {
    const result = await seed();
    expect(result.counts).toEqual({
      users: 1,
      apps: 1,
      hubs: 1,
      projects: 1,
      folders: 2,
      files: 2,
      versions: 3,
      buckets: 1,
      objects: 2,
      translations: 2,
    });
    const state = await visibleState();
    expect(state).toMatchObject({
      hub: 'Seeded Hub',
      project: 'Tower',
      top: ['Models', 'notes.txt'],
      models: ['Old', 'house.ifc'],
      versions: [
        [2, 'First floor'],
        [1, 'Ground floor'],
      ],
      objects: ['readme.txt', 'table.obj'],
    });
    const user = await platform.stores.users.findByEmail('ada@example.com');
    expect(await verifyPassword('analytical-engine', user!.passwordHash)).toBe(true);

    // The translations were recorded as POST …/job records them; a running platform starts them by id.
    for (const id of result.jobIds) platform.app.jobs.enqueue(id);
    await platform.app.jobs.idle();
    for (const urn of [encodeUrn(state.tipId), encodeUrn(objectUrn('seeded-bucket', 'table.obj'))]) {
      const manifest = await get<Manifest>(`/modelderivative/v2/designdata/${urn}/manifest`, state.auth);
      expect(manifest.status, urn).toBe('success');
    }
  });

  it('changes nothing when applied twice; a changed seed adds only the difference', async () => {
    await seed();
    const before = await visibleState();
    const again = await seed();
    expect(Object.values(again.counts).every((count) => count === 0)).toBe(true);
    expect(again.jobIds).toEqual([]);
    const after = await visibleState();
    expect({ ...after, auth: undefined }).toEqual({ ...before, auth: undefined });

    // A longer version list adds what is missing; an object with other bytes replaces the stored one, as a PUT.
    const changed = SEED.replace(
      'translate: [svf2]',
      'translate: [svf2]\n                  - content: "v3"\n                    comment: Third',
    ).replace('content: hello', 'content: hello again');
    await writeFile(path.join(dir, 'seed.yaml'), changed);
    expect((await seed()).counts).toMatchObject({ versions: 1, files: 0, objects: 1 });
    const [tip] = (await visibleState()).versions;
    expect(tip).toEqual([3, 'Third']);
    const readme = await platform.stores.oss.findObject('seeded-bucket', 'readme.txt', platform.clock.now());
    expect(readme?.size).toBe('hello again'.length);
  });
});

import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createApp } from '../app';
import { createOAuthApp } from '../cli/admin-commands';
import { ensureDemo } from '../cli/demo';
import { DEFAULT_TOKEN_TTL_SECONDS, NO_RATE_LIMITS, type AppDeps } from '../config';
import { loadSigner } from '../services/authentication/signing';
import { openFileBlobStore } from '../storage/blobs/file-blob-store';
import type { Db } from '../storage/db/db';
import { createStores } from '../storage/stores';
import { FakeAutomationEngine } from './fake-automation-engine';
import { FakeTranslator } from './fake-translator';
import { TEST_APP_ORIGIN, TEST_ISSUER, TestClock } from './test-platform';

/**
 * A platform for the snapshot tests on any database (test-platform.ts always makes an embedded one),
 * with a scratch folder beside its blobs where snapshots hold them.
 */
export async function platformOn(db: Db, translator = new FakeTranslator()) {
  const stores = createStores(db);
  const clock = new TestClock();
  const config = {
    issuer: TEST_ISSUER,
    appOrigins: [TEST_APP_ORIGIN],
    accessTokenTtlSeconds: DEFAULT_TOKEN_TTL_SECONDS,
    rateLimits: { ...NO_RATE_LIMITS },
  };
  const signer = await loadSigner(stores.oauth, () => config.issuer);
  const root = await mkdtemp(path.join(os.tmpdir(), 'ddm-snapshot-test-'));
  const blobDir = path.join(root, 'blobs');
  const blobs = await openFileBlobStore(blobDir, clock);
  const automation = new FakeAutomationEngine(clock);
  const deps: AppDeps = {
    config,
    stores,
    signer,
    clock,
    blobs,
    translator,
    automation,
    workDir: path.join(root, 'jobs'),
  };
  const app = createApp(deps, { error: () => undefined });
  return {
    app,
    translator,
    stores,
    blobs,
    blobDir,
    clock,
    /** What the snapshot functions take, with this app's runners. */
    snapshot: {
      stores,
      blobs,
      scratchDir: path.join(root, 'scratch'),
      runners: { jobs: app.jobs, workitems: app.workitems },
    },
    request: (url: string, init?: RequestInit) =>
      app.request(url.startsWith('http') ? url : `${TEST_ISSUER}${url}`, init),
    close: async () => {
      await app.jobs.close();
      await app.workitems.close();
      await db.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

export type StatePlatform = Awaited<ReturnType<typeof platformOn>>;

const TINY_ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);

/** The demo seed (`admin demo`), an appbundle, and a server app that may see the demo hub. */
export async function seedState(platform: StatePlatform) {
  const ctx = { stores: platform.stores, blobs: platform.blobs, clock: platform.clock };
  const example = {
    name: 'Tiny',
    engine: 'Local.Fake+1',
    description: 'an empty appbundle',
    zip: TINY_ZIP,
    activity: (owner: string, alias: string) => ({
      id: 'Tiny',
      engine: 'Local.Fake+1',
      commandLine: ['echo'],
      parameters: {},
      appbundles: [`${owner}.Tiny+${alias}`],
    }),
  };
  const demo = await ensureDemo(ctx, [TEST_APP_ORIGIN], [example]);
  const server = await createOAuthApp(platform.stores, { name: 'Snapshot test', type: 'server' });
  await platform.stores.hubs.grantApp(demo.hub_id, server.client_id);
  return { hubId: demo.hub_id, clientId: server.client_id, secret: server.client_secret! };
}

/** A 2-legged token of every scope for the app. */
export async function tokenOf(platform: StatePlatform, clientId: string, secret: string) {
  const response = await platform.request('/authentication/v2/token', {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      scope: 'data:read data:write data:create bucket:create bucket:read bucket:delete code:all',
    }).toString(),
  });
  if (response.status !== 200) throw new Error(`token: ${response.status} ${await response.text()}`);
  return { Authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
}

/** `PUT` of an object with `bytes`. */
export async function putBytes(
  platform: StatePlatform,
  bearer: Record<string, string>,
  bucketKey: string,
  objectKey: string,
  bytes: Uint8Array,
) {
  const response = await platform.request(`/oss/v2/buckets/${bucketKey}/objects/${objectKey}`, {
    method: 'PUT',
    headers: bearer,
    body: Readable.toWeb(Readable.from([bytes])) as ReadableStream<Uint8Array>,
    duplex: 'half',
  });
  if (response.status !== 200) throw new Error(`put: ${response.status} ${await response.text()}`);
}

type Json = Record<string, unknown> & { data?: unknown };

/**
 * What a client sees: hubs, projects, the folder tree two levels down with the first page of each
 * folder, the versions of its first items, the app's buckets and objects, and the SHA-1 of every file's bytes.
 */
export async function apiView(platform: StatePlatform, bearer: Record<string, string>) {
  const seen: Record<string, unknown> = {};
  const get = async (url: string) => {
    const response = await platform.request(url, { headers: bearer });
    const body = response.headers.get('content-type')?.includes('json') ? ((await response.json()) as Json) : {};
    seen[url] = { status: response.status, body };
    return body;
  };
  const bytesOf = async (bucketKey: string, objectKey: string) => {
    const signed = await get(`/oss/v2/buckets/${bucketKey}/objects/${encodeURIComponent(objectKey)}/signeds3download`);
    const url = (signed as { url?: string }).url;
    delete seen[`/oss/v2/buckets/${bucketKey}/objects/${encodeURIComponent(objectKey)}/signeds3download`];
    const response = url ? await platform.request(url) : undefined;
    seen[`bytes ${bucketKey}/${objectKey}`] = response
      ? createHash('sha1')
          .update(new Uint8Array(await response.arrayBuffer()))
          .digest('hex')
      : 'no url';
  };
  const list = (body: Json) => (Array.isArray(body.data) ? (body.data as Json[]) : []);
  const folder = async (projectId: string, folderId: string, depth: number): Promise<void> => {
    const entries = list(await get(`/data/v1/projects/${projectId}/folders/${folderId}/contents`));
    for (const entry of entries.filter((e) => e['type'] === 'folders' && depth > 0))
      await folder(projectId, entry['id'] as string, depth - 1);
    // A few items of each folder: the Archive folder alone has 5,000.
    for (const entry of entries.filter((e) => e['type'] === 'items').slice(0, 4)) {
      for (const version of list(await get(`/data/v1/projects/${projectId}/items/${entry['id'] as string}/versions`))) {
        const storage = JSON.stringify(version).match(/urn:adsk\.objects:os\.object:([^/":]+)[:/]([^"?]+)/);
        if (storage) await bytesOf(storage[1]!, decodeURIComponent(storage[2]!));
      }
    }
  };
  for (const hub of list(await get('/project/v1/hubs')))
    for (const project of list(await get(`/project/v1/hubs/${hub['id'] as string}/projects`)))
      for (const top of list(
        await get(`/project/v1/hubs/${hub['id'] as string}/projects/${project['id'] as string}/topFolders`),
      ))
        await folder(project['id'] as string, top['id'] as string, 2);
  const buckets = (await get('/oss/v2/buckets')) as { items?: { bucketKey: string }[] };
  for (const { bucketKey } of buckets.items ?? []) {
    const objects = (await get(`/oss/v2/buckets/${bucketKey}/objects`)) as { items?: { objectKey: string }[] };
    for (const { objectKey } of objects.items ?? []) await bytesOf(bucketKey, objectKey);
  }
  return seen;
}

/** The ids the blob store holds, sorted. */
export async function blobIds(platform: StatePlatform): Promise<string[]> {
  const ids: string[] = [];
  for await (const blob of platform.blobs.list()) ids.push(blob.id);
  return ids.sort();
}

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { createOAuthApp } from '../cli/admin-commands';
import { lockDataDir } from '../storage/data-dir';
import { freshDb } from '../testing/memory-db';
import { platformOn, putBytes, tokenOf, type StatePlatform } from '../testing/snapshot-state';
import { createBaseline, type Baseline } from './baseline';
import { runExportCommand, runImportCommand } from './cli';
import { snapshotRoutes } from './routes';

const LONG = 240_000;
const open: StatePlatform[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const made of open.splice(0)) await made.close();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A platform with one app, a bucket and an object, and its `/_platform` routes. */
async function served() {
  const platform = await platformOn(await freshDb());
  open.push(platform);
  const app = await createOAuthApp(platform.stores, { name: 'Routes', type: 'server' });
  const bearer = await tokenOf(platform, app.client_id, app.client_secret!);
  const json = { ...bearer, 'Content-Type': 'application/json' };
  await platform.request('/oss/v2/buckets', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ bucketKey: 'routed', policyKey: 'persistent' }),
  });
  await putBytes(platform, bearer, 'routed', 'r.txt', new TextEncoder().encode('routed bytes'));
  let baseline: Baseline | undefined;
  const routes = new Hono().route('/_platform', snapshotRoutes({ ...platform.snapshot, baseline: () => baseline }));
  const call = (method: string, url: string, body?: Uint8Array) =>
    routes.request(url, { method, body, ...(body ? { duplex: 'half' } : {}) });
  const objects = async (as = bearer) =>
    (await platform.request('/oss/v2/buckets/routed/objects', { headers: as })).json();
  return {
    platform,
    bearer,
    call,
    objects,
    keepBaseline: async () => (baseline = await createBaseline(platform.snapshot)),
  };
}

describe('/_platform routes', () => {
  it(
    'streams a snapshot, imports it elsewhere, and resets to a baseline',
    async () => {
      const source = await served();
      const got = await source.call('GET', '/_platform/snapshot');
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('application/x-tar');
      const archive = new Uint8Array(await got.arrayBuffer());

      const target = await served();
      expect((await target.call('PUT', '/_platform/snapshot', new Uint8Array([1, 2, 3]))).status).toBe(400);
      const put = await target.call('PUT', '/_platform/snapshot', archive);
      expect(put.status).toBe(200);
      // The target's own token went with its old state; the source's came with the archive.
      expect(await target.objects(source.bearer)).toEqual(await source.objects());
      expect((await target.platform.request('/oss/v2/buckets', { headers: target.bearer })).status).toBe(401);

      const none = await target.call('POST', '/_platform/reset');
      expect(none.status).toBe(404);
      expect(((await none.json()) as { error: string }).error).toMatch(/no baseline/);
      await target.keepBaseline();
      await target.platform.request('/oss/v2/buckets/routed/objects/r.txt', {
        method: 'DELETE',
        headers: source.bearer,
      });
      expect((await target.call('POST', '/_platform/reset')).status).toBe(204);
      expect(await target.objects(source.bearer)).toEqual(await source.objects());
    },
    LONG,
  );
});

describe('admin export and admin import', () => {
  it(
    'write an archive of a data directory and restore it into another; a locked one is refused',
    async () => {
      const source = await served();
      const archive = new Uint8Array(await (await source.call('GET', '/_platform/snapshot')).arrayBuffer());
      const root = await mkdtemp(path.join(os.tmpdir(), 'ddm-snapshot-cli-'));
      dirs.push(root);
      const [first, second] = [path.join(root, 'first'), path.join(root, 'second')];
      const file = path.join(root, 'state.tar');
      await (await import('node:fs/promises')).writeFile(file, archive);

      expect(await runImportCommand([file, '--data-dir', first])).toMatchObject({ file, tables: expect.any(Number) });
      const out = path.join(root, 'again.tar');
      expect(await runExportCommand(['--out', out, '--data-dir', first])).toMatchObject({ out, blobs: 1 });
      expect(await runImportCommand([out, '--data-dir', second])).toMatchObject({ blobs: 1 });
      const exported = await readFile(out);
      expect(exported.subarray(0, 13).toString()).toBe('manifest.json');

      const release = await lockDataDir(second);
      try {
        await expect(runExportCommand(['--out', path.join(root, 'x.tar'), '--data-dir', second])).rejects.toThrow(
          /in use by another running platform/,
        );
      } finally {
        release();
      }
      await expect(runExportCommand(['--data-dir', second])).rejects.toThrow(/--out is required/);
      await expect(runImportCommand(['--data-dir', second])).rejects.toThrow(/one archive FILE/);
    },
    LONG,
  );
});

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbBackends } from '../../testing/db-backends';
import type { Db } from '../db/db';
import { createStores, type Stores } from '../stores';
import type { ObjectRecord } from './oss-objects';
import type { NewChunk, SessionKey } from './oss-resumable';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000);
const object = (bucketKey: string, objectKey: string, id: string): ObjectRecord => ({
  id,
  bucketKey,
  objectKey,
  size: 9,
  sha1: 'abc',
  contentType: 'application/octet-stream',
  contentDisposition: null,
  contentEncoding: null,
  cacheControl: null,
  userMetadata: null,
  createdAt: at(0),
  modifiedAt: at(0),
  accessedAt: null,
  expiresAt: null,
});

// Signed resources and resumable sessions on every metadata store the platform runs on.
describe.each(dbBackends)('OSS signed resources and resumable sessions on $name', ({ open }) => {
  let dir: string;
  let db: Db;
  let stores: Stores;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-oss-legacy-repo-'));
    db = await open(dir);
    stores = createStores(db);
    await db.query(
      "INSERT INTO apps (client_id, name, type, secret_hash, scopes) VALUES ('app-1', 'A', 'server', 'x', '{}')",
    );
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });
  const bucket = async (bucketKey: string) => {
    await stores.oss.createBucket({
      bucketKey,
      ownerClientId: 'app-1',
      policyKey: 'persistent',
      region: 'US',
      permissions: [],
      createdAt: at(0),
    });
    return bucketKey;
  };

  it('spends a single-use resource exactly once, even when asked many times at once, and never once expired', async () => {
    const bucketKey = await bucket('repo-signed');
    const resource = {
      bucketKey,
      objectKey: 'a',
      access: 'read' as const,
      singleUse: true,
      createdAt: at(0),
      expiresAt: at(60),
      usedAt: null,
    };
    await stores.ossSignedResources.create({ ...resource, id: 'res-1' });
    await stores.ossSignedResources.create({ ...resource, id: 'res-2' });
    const spent = await Promise.all(Array.from({ length: 8 }, () => stores.ossSignedResources.consume('res-1', at(1))));
    expect(spent.filter(Boolean)).toHaveLength(1);
    expect((await stores.ossSignedResources.find('res-1'))?.usedAt).toEqual(at(1));
    expect(await stores.ossSignedResources.consume('res-2', at(60))).toBe(false);
    expect(await stores.ossSignedResources.deleteExpired(at(60))).toBe(2);
    expect(await stores.ossSignedResources.find('res-2')).toBeUndefined();
  });

  const chunk = (start: number, blob: string, size: number, total = 9, uploadKey = 'session-up-1'): NewChunk => ({
    start,
    total,
    blob: { id: blob, size },
    newSession: { uploadKey, expiresAt: at(100) },
    maxChunks: 3,
  });

  it('keeps chunks by offset, refuses overlaps and other totals, replaces a resent range and completes in byte order', async () => {
    const key: SessionKey = { bucketKey: await bucket('repo-resumable'), objectKey: 'big', sessionId: 's-1' };
    const first = await stores.ossResumable.putChunk(key, chunk(6, 'chunk-c', 3), at(1));
    expect(first).toMatchObject({
      status: 'stored',
      session: { uploadKey: 'session-up-1', total: 9, chunks: [{ start: 6, size: 3, blobId: 'chunk-c' }] },
    });
    expect(await stores.ossResumable.putChunk(key, chunk(0, 'chunk-x', 3, 10), at(1))).toEqual({
      status: 'total-mismatch',
      total: 9,
      freed: [],
    });
    expect(await stores.ossResumable.putChunk(key, chunk(5, 'chunk-y', 2), at(1))).toEqual({
      status: 'overlap',
      with: { start: 6, end: 8 },
      freed: [],
    });
    await stores.ossResumable.putChunk(key, chunk(0, 'chunk-a', 3), at(2));
    expect(await stores.ossResumable.putChunk(key, chunk(0, 'chunk-a2', 3), at(2))).toMatchObject({
      status: 'stored',
      freed: ['chunk-a'],
    });
    const last = await stores.ossResumable.putChunk(key, chunk(3, 'chunk-b', 3), at(3));
    expect(last.status === 'stored' && last.session.chunks.map((one) => one.blobId)).toEqual([
      'chunk-a2',
      'chunk-b',
      'chunk-c',
    ]);
    expect(await stores.oss.unreferencedBlobs(['chunk-a', 'chunk-a2', 'chunk-b', 'chunk-c'])).toEqual(['chunk-a']);

    const checked = [
      { blobId: 'chunk-a', size: 3 },
      { blobId: 'chunk-b', size: 3 },
      { blobId: 'chunk-c', size: 3 },
    ];
    expect(
      await stores.ossResumable.completeSession(
        key,
        'session-up-1',
        checked,
        object(key.bucketKey, 'big', 'obj-1'),
        at(4),
      ),
    ).toEqual({ status: 'changed' });
    checked[0] = { blobId: 'chunk-a2', size: 3 };
    expect(
      await stores.ossResumable.completeSession(
        key,
        'session-up-1',
        checked,
        object(key.bucketKey, 'big', 'obj-1'),
        at(4),
      ),
    ).toEqual({ status: 'done', freed: [] });
    expect(await stores.oss.extents('obj-1')).toEqual(checked);
    expect(await stores.ossResumable.session(key, at(5))).toBeUndefined();
    expect(
      await stores.ossResumable.completeSession(
        key,
        'session-up-1',
        checked,
        object(key.bucketKey, 'big', 'obj-2'),
        at(5),
      ),
    ).toEqual({ status: 'gone' });
  });

  it('counts chunks, drops an expired session for a new one, and answers no-bucket', async () => {
    const key: SessionKey = { bucketKey: await bucket('repo-resumable-2'), objectKey: 'many', sessionId: 's-2' };
    for (const [start, blob] of [
      [0, 'm-1'],
      [1, 'm-2'],
      [2, 'm-3'],
    ] as const)
      await stores.ossResumable.putChunk(key, chunk(start, blob, 1, 9, 'session-up-2'), at(1));
    expect(await stores.ossResumable.putChunk(key, chunk(3, 'm-4', 1), at(1))).toEqual({
      status: 'too-many',
      freed: [],
    });
    const renewed = await stores.ossResumable.putChunk(
      key,
      { ...chunk(0, 'm-5', 1), newSession: { uploadKey: 'session-up-3', expiresAt: at(500) } },
      at(100),
    );
    expect(renewed).toMatchObject({
      status: 'stored',
      session: { uploadKey: 'session-up-3', chunks: [{ blobId: 'm-5' }] },
    });
    expect(renewed.freed.sort()).toEqual(['m-1', 'm-2', 'm-3']);
    expect((await stores.oss.deleteBucket(key.bucketKey))?.sort()).toEqual(['m-5']);
    expect(await stores.ossResumable.putChunk(key, chunk(0, 'm-6', 1, 9, 'session-up-4'), at(101))).toEqual({
      status: 'no-bucket',
      freed: [],
    });
  });
});

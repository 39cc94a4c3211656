import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbBackends } from '../../testing/db-backends';
import type { Db } from '../db/db';
import { ossRepo, type OssRepo } from './oss';
import type { ObjectRecord } from './oss-objects';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000);
let ids = 0;
const object = (bucketKey: string, objectKey: string, expiresAt: Date | null = null): ObjectRecord => ({
  id: `object${++ids}`,
  bucketKey,
  objectKey,
  size: 3,
  sha1: 'abc',
  contentType: 'text/plain',
  contentDisposition: null,
  contentEncoding: null,
  cacheControl: null,
  userMetadata: null,
  createdAt: at(0),
  modifiedAt: at(0),
  accessedAt: null,
  expiresAt,
});
const blob = (name: string) => ({ blobId: name, size: 3 });

// The OSS queries on every metadata store the platform runs on: PGlite, and PostgreSQL in CI.
describe.each(dbBackends)('OSS metadata on $name', ({ open }) => {
  let dir: string;
  let db: Db;
  let oss: OssRepo;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-oss-repo-'));
    db = await open(dir);
    oss = ossRepo(db);
    await db.query(
      "INSERT INTO apps (client_id, name, type, secret_hash, scopes) VALUES ('app-1', 'A', 'server', 'x', '{}')",
    );
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });
  const bucket = async (bucketKey: string) => {
    await oss.createBucket({
      bucketKey,
      ownerClientId: 'app-1',
      policyKey: 'transient',
      region: 'US',
      permissions: [{ authId: 'other', access: 'read' }],
      createdAt: at(0),
    });
    return bucketKey;
  };

  it('creates buckets once and pages them by key', async () => {
    await bucket('repo-b');
    await bucket('repo-a');
    expect(
      await oss.createBucket({
        bucketKey: 'repo-a',
        ownerClientId: 'app-1',
        policyKey: 'persistent',
        region: 'US',
        permissions: [],
        createdAt: at(0),
      }),
    ).toBeUndefined();
    expect((await oss.findBucket('repo-a'))?.permissions).toEqual([{ authId: 'other', access: 'read' }]);
    expect((await oss.listBuckets('app-1', 'US', 'repo-a', 10)).map((row) => row.bucketKey)).toEqual(['repo-b']);
  });

  it('lists objects in byte order with a prefix, copies sharing blobs, and frees only unreferenced ones', async () => {
    const key = await bucket('repo-objects');
    expect(await oss.putObject(object(key, 'b/1'), [blob('blob-1'), blob('blob-2')])).toEqual([]);
    await oss.putObject(object(key, 'B/2'), [blob('blob-3')]);
    await oss.putObject(object(key, 'a'), [blob('blob-4')]);
    expect(
      (await oss.listObjects(key, { prefix: '', startAfter: '', limit: 10 }, at(1))).map((row) => row.objectKey),
    ).toEqual(['B/2', 'a', 'b/1']);
    expect(
      (await oss.listObjects(key, { prefix: 'b/', startAfter: '', limit: 10 }, at(1))).map((row) => row.size),
    ).toEqual([3]);
    const copied = await oss.copyObject(
      { bucketKey: key, objectKey: 'b/1' },
      { id: 'copy-1', objectKey: 'copy', createdAt: at(1), expiresAt: null },
      at(1),
    );
    expect(copied?.object).toMatchObject({ objectKey: 'copy', sha1: 'abc' });
    expect(await oss.extents('copy-1')).toEqual([blob('blob-1'), blob('blob-2')]);
    const freed = await oss.deleteObject(key, 'b/1', at(2));
    expect(freed?.sort()).toEqual(['blob-1', 'blob-2']);
    expect(await oss.unreferencedBlobs([...freed!, 'blob-9'])).toEqual(['blob-9']);
    expect(await oss.putObject(object(key, 'a'), [blob('blob-5')])).toEqual(['blob-4']);
    expect(await oss.deleteObject(key, 'missing', at(2))).toBeUndefined();
  });

  it('records parts, completes an upload only with the parts it checked, and sweeps what expired', async () => {
    const key = await bucket('repo-uploads');
    await oss.createUpload({
      uploadKey: 'up-1',
      bucketKey: key,
      objectKey: 'big',
      createdAt: at(0),
      expiresAt: at(100),
    });
    expect(await oss.putPart('up-1', 1, { id: 'part-a', size: 3 }, at(1))).toEqual({ stored: true, freed: [] });
    expect(await oss.putPart('up-1', 1, { id: 'part-b', size: 3 }, at(2))).toEqual({ stored: true, freed: ['part-a'] });
    await oss.putPart('up-1', 2, { id: 'part-c', size: 3 }, at(2));
    expect(await oss.completeUpload('up-1', [blob('part-a'), blob('part-c')], object(key, 'big'), at(3))).toEqual({
      status: 'changed',
    });
    expect(await oss.completeUpload('up-1', [blob('part-b'), blob('part-c')], object(key, 'big'), at(3))).toEqual({
      status: 'done',
      freed: [],
    });
    expect(await oss.completeUpload('up-1', [blob('part-b'), blob('part-c')], object(key, 'big'), at(3))).toEqual({
      status: 'gone',
    });
    expect(await oss.unreferencedBlobs(['part-b', 'part-c'])).toEqual([]);

    await oss.createUpload({
      uploadKey: 'up-2',
      bucketKey: key,
      objectKey: 'late',
      createdAt: at(0),
      expiresAt: at(10),
    });
    await oss.putPart('up-2', 1, { id: 'part-d', size: 3 }, at(1));
    expect(await oss.putPart('up-2', 2, { id: 'part-e', size: 3 }, at(10))).toEqual({
      stored: false,
      freed: ['part-e'],
    });
    expect(await oss.deleteExpiredUploads(at(10))).toEqual({ uploads: 1, blobs: ['part-d'] });
    await oss.putObject(object(key, 'short-lived', at(50)), [blob('blob-x')]);
    expect(await oss.findObject(key, 'short-lived', at(50))).toBeUndefined();
    expect(await oss.deleteExpiredObjects(at(50))).toEqual({ objects: 1, blobs: ['blob-x'] });
  });

  it('deletes a bucket with its objects and uploads, returning their blobs, and keeps one secret', async () => {
    const key = await bucket('repo-gone');
    await oss.putObject(object(key, 'x'), [blob('blob-g1')]);
    await oss.createUpload({ uploadKey: 'up-3', bucketKey: key, objectKey: 'y', createdAt: at(0), expiresAt: at(100) });
    await oss.putPart('up-3', 1, { id: 'blob-g2', size: 3 }, at(1));
    expect((await oss.deleteBucket(key))?.sort()).toEqual(['blob-g1', 'blob-g2']);
    expect(await oss.deleteBucket(key)).toBeUndefined();
    const first = await oss.secret('test.secret', () => 'one');
    expect(await oss.secret('test.secret', () => 'two')).toBe(first);
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobReadHow, BlobStore } from '../../storage/blobs/blob-store';
import { HASH_READ, type Extent } from '../../storage/blobs/extents';
import { openFileBlobStore } from '../../storage/blobs/file-blob-store';
import { TestClock } from '../../testing/test-platform';
import { UploadHashes } from './upload-hashes';

let dir: string;
let blobs: BlobStore;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-upload-hashes-'));
  blobs = await openFileBlobStore(dir, new TestClock());
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function stored(bytes: Buffer): Promise<Extent> {
  const written = await blobs.write(
    new ReadableStream({ start: (controller) => (controller.enqueue(bytes), controller.close()) }),
    { maxBytes: 1e6 },
  );
  return { blobId: written.id, size: written.size };
}
const sha1 = (...parts: Buffer[]) => parts.reduce((hash, part) => hash.update(part), createHash('sha1')).digest('hex');

describe('running upload hashes', () => {
  it('hashes parts stored in any order, empty ones too, and settles when asked', async () => {
    const hashes = new UploadHashes(blobs);
    const bytes = [randomBytes(100), Buffer.alloc(0), randomBytes(50)];
    const extents = await Promise.all(bytes.map(stored));
    hashes.partStored('u1', 3, extents[2]!);
    hashes.partStored('u1', 2, extents[1]!);
    expect(
      await Promise.race([
        hashes.digest('u1', extents),
        new Promise((resolve) => setTimeout(() => resolve('hung'), 1000)),
      ]),
    ).toBeUndefined();
    hashes.partStored('u1', 1, extents[0]!);
    expect(await hashes.digest('u1', extents)).toBe(sha1(...bytes));
  });

  it('reads a part stored ahead of its turn back as a hash reads, in 1 MiB steps and letting each go', async () => {
    const steps: (BlobReadHow | undefined)[] = [];
    const counting: BlobStore = {
      ...blobs,
      read: (id, start, end, how) => (steps.push(how), blobs.read(id, start, end, how)),
    };
    const hashes = new UploadHashes(counting);
    const bytes = [randomBytes(100), randomBytes(60)];
    const extents = await Promise.all(bytes.map(stored));
    hashes.partStored('u4', 2, extents[1]!);
    hashes.partStored('u4', 1, extents[0]!);
    expect(await hashes.digest('u4', extents)).toBe(sha1(...bytes));
    expect(steps).toEqual([HASH_READ, HASH_READ]);
    expect(HASH_READ).toEqual({ chunkBytes: 1024 * 1024, passing: true });
  });

  it('hashes parts sent in order as they stream, reading nothing back', async () => {
    let reads = 0;
    const counting: BlobStore = { ...blobs, read: (...args) => (reads++, blobs.read(...args)) };
    const hashes = new UploadHashes(counting);
    const bytes = [randomBytes(100), randomBytes(100), randomBytes(7)];
    const extents: Extent[] = [];
    for (const [index, part] of bytes.entries()) {
      const tap = hashes.partStarting('u3', index + 1);
      expect(tap).toBeDefined();
      tap!.update(part);
      extents.push(await stored(part));
      hashes.partStored('u3', index + 1, extents[index]!, tap);
    }
    expect(await hashes.digest('u3', extents)).toBe(sha1(...bytes));
    expect(reads).toBe(0);
  });

  it('gives up when a hashed part is sent again or the parts differ, so completion reads them back', async () => {
    const hashes = new UploadHashes(blobs);
    const [first, second] = await Promise.all([stored(randomBytes(10)), stored(randomBytes(10))]);
    hashes.partStored('u2', 1, first);
    expect(await hashes.digest('u2', [second])).toBeUndefined();
    hashes.partStored('u2', 1, second);
    expect(await hashes.digest('u2', [second])).toBeUndefined();
    expect(await hashes.digest('unknown', [first])).toBeUndefined();
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../testing/test-platform';
import { BlobLengthError, BlobTooLargeError, blobCreatedAt, type BlobStore } from './blob-store';
import { HASH_READ_BYTES, hashExtents, readExtents } from './extents';
import { openFileBlobStore } from './file-blob-store';

let dir: string;
let store: BlobStore;
const clock = new TestClock();
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-blob-store-'));
  store = await openFileBlobStore(dir, clock);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const streamOf = (...chunks: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
const collect = async (chunks: AsyncGenerator<Uint8Array>) => {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
};
const files = async () => (await readdir(dir)).filter((name) => name !== 'tmp');

describe('the file blob store', () => {
  it('writes under a generated id, hashing as it streams, and reads back any range', async () => {
    const a = randomBytes(3 * 1024 * 1024);
    const b = randomBytes(1000);
    const written = await store.write(streamOf(a, b), {
      maxBytes: 10 * 1024 * 1024,
      expectedBytes: a.length + b.length,
    });
    expect(written.sha1).toBe(createHash('sha1').update(a).update(b).digest('hex'));
    expect(written.size).toBe(a.length + b.length);
    expect(await files()).toContain(written.id);
    expect(blobCreatedAt(written.id)).toEqual(clock.now());
    expect((await collect(store.read(written.id, 5, 9))).equals(a.subarray(5, 10))).toBe(true);
    expect((await collect(store.read(written.id, 0, written.size - 1))).equals(Buffer.concat([a, b]))).toBe(true);
  });

  it('reads in steps of 256 KiB, or of the size the reader asks for', async () => {
    const bytes = randomBytes(2 * 1024 * 1024 + 10);
    const written = await store.write(streamOf(bytes), { maxBytes: 10 * 1024 * 1024 });
    const sizes = async (chunks: AsyncGenerator<Uint8Array>) => {
      const seen: number[] = [];
      for await (const chunk of chunks) seen.push(chunk.byteLength);
      return seen;
    };
    expect(await sizes(store.read(written.id, 0, bytes.length - 1))).toEqual([
      ...Array<number>(8).fill(256 * 1024),
      10,
    ]);
    expect(await sizes(store.read(written.id, 0, bytes.length - 1, { chunkBytes: HASH_READ_BYTES }))).toEqual([
      HASH_READ_BYTES,
      HASH_READ_BYTES,
      10,
    ]);
    expect(await sizes(store.read(written.id, 5, 1004, { chunkBytes: 300 }))).toEqual([300, 300, 300, 100]);
  });

  it('writes without hashing when the caller hashes the bytes itself, handing each chunk over', async () => {
    const seen = createHash('sha1');
    const bytes = randomBytes(5000);
    const written = await store.writeUnhashed(streamOf(bytes), {
      maxBytes: 10_000,
      onChunk: (chunk) => seen.update(chunk),
    });
    expect(written).toEqual({ id: written.id, size: 5000 });
    expect(seen.digest('hex')).toBe(createHash('sha1').update(bytes).digest('hex'));
    expect((await collect(store.read(written.id, 0, 4999))).equals(bytes)).toBe(true);
  });

  it('keeps nothing of a body over the cap or of another length than announced', async () => {
    const before = await files();
    await expect(store.write(streamOf(randomBytes(100)), { maxBytes: 99 })).rejects.toBeInstanceOf(BlobTooLargeError);
    await expect(
      store.write(streamOf(randomBytes(100)), { maxBytes: 1000, expectedBytes: 101 }),
    ).rejects.toBeInstanceOf(BlobLengthError);
    await expect(store.write(streamOf(randomBytes(100)), { maxBytes: 1000, expectedBytes: 99 })).rejects.toBeInstanceOf(
      BlobLengthError,
    );
    const failing = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.error(new Error('connection reset')),
    });
    await expect(store.write(failing, { maxBytes: 1000 })).rejects.toThrow('connection reset');
    expect(await files()).toEqual(before);
    expect(await readdir(path.join(dir, 'tmp'))).toEqual([]);
  });

  it('reads an object made of several blobs across their seams, and hashes it whole', async () => {
    const parts = [randomBytes(10), randomBytes(0), randomBytes(7), randomBytes(5)];
    const extents = [];
    for (const part of parts) {
      const written = await store.write(streamOf(part), { maxBytes: 100 });
      extents.push({ blobId: written.id, size: written.size });
    }
    const whole = Buffer.concat(parts);
    expect((await collect(readExtents(store, extents, 8, 18))).equals(whole.subarray(8, 19))).toBe(true);
    expect(await hashExtents(store, extents)).toBe(createHash('sha1').update(whole).digest('hex'));
  });

  it('sweeps leftovers of a crashed write, lists and deletes blobs, and refuses ids that are not its own', async () => {
    await writeFile(path.join(dir, 'tmp', 'left-by-a-crash'), 'half');
    expect(await store.sweepTemporary()).toBe(1);
    const written = await store.write(streamOf(randomBytes(3)), { maxBytes: 10 });
    const listed: string[] = [];
    for await (const blob of store.list()) listed.push(blob.id);
    expect(listed).toContain(written.id);
    await store.delete(written.id);
    await store.delete(written.id);
    expect(await files()).not.toContain(written.id);
    await expect(store.delete('../platform.lock')).rejects.toThrow(/not a blob id/);
  });

  it('links a blob into a work folder without copying it; the link outlives the blob and the id must be its own', async () => {
    const bytes = randomBytes(5000);
    const written = await store.write(streamOf(bytes), { maxBytes: 10_000 });
    const work = await mkdtemp(path.join(os.tmpdir(), 'ddm-blob-link-'));
    try {
      const target = path.join(work, 'source.ifc');
      expect(await store.linkInto(written.id, target)).toBe(true);
      expect((await stat(target)).ino).toBe((await stat(path.join(dir, written.id))).ino);
      await store.delete(written.id);
      expect(await readFile(target)).toEqual(bytes);
      await expect(store.linkInto('../platform.lock', path.join(work, 'lock'))).rejects.toThrow(/not a blob id/);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../../testing/s3';
import { TestClock } from '../../testing/test-platform';
import { BlobLengthError, BlobTooLargeError, type BlobStore } from './blob-store';
import { openS3BlobStore } from './s3-blob-store';

let s3: TestS3;
let store: BlobStore;
const clock = new TestClock();
beforeAll(async () => {
  s3 = await startS3();
  store = await openS3BlobStore(s3.options, clock);
});
afterAll(() => s3?.close());

const chunked = (bytes: Buffer, size: number) =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / size) }, (_, index) =>
      bytes.subarray(index * size, (index + 1) * size),
    ),
  );
const collect = async (chunks: AsyncGenerator<Uint8Array>) => {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
};
const ids = async () => {
  const listed: string[] = [];
  for await (const blob of store.list()) listed.push(blob.id);
  return listed;
};

describe('the S3 blob store (against s3rver)', () => {
  it('writes a large body in parts, hashing as it streams, and reads back any range', async () => {
    const bytes = randomBytes(19 * 1024 * 1024 + 17);
    const written = await store.write(chunked(bytes, 64 * 1024), {
      maxBytes: 64 * 1024 * 1024,
      expectedBytes: bytes.length,
    });
    expect(written).toMatchObject({ size: bytes.length, sha1: createHash('sha1').update(bytes).digest('hex') });
    expect(await ids()).toContain(written.id);
    expect((await collect(store.read(written.id, 0, bytes.length - 1))).equals(bytes)).toBe(true);
    const [start, end] = [8 * 1024 * 1024 - 5, 16 * 1024 * 1024 + 3];
    expect((await collect(store.read(written.id, start, end))).equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it('writes small and empty bodies in one request, without a hash when the caller keeps its own', async () => {
    const small = await store.writeUnhashed(chunked(Buffer.from('hello'), 2), { maxBytes: 100 });
    expect(small).toEqual({ id: expect.any(String), size: 5 });
    expect((await collect(store.read(small.id, 1, 3))).toString()).toBe('ell');
    const empty = await store.write(chunked(Buffer.alloc(0), 1), { maxBytes: 100, expectedBytes: 0 });
    expect(empty).toMatchObject({ size: 0, sha1: createHash('sha1').digest('hex') });
    expect(await ids()).toContain(empty.id);
  });

  it('refuses a body past its limit or its announced length and keeps nothing of it', async () => {
    const before = await ids();
    const large = randomBytes(9 * 1024 * 1024);
    await expect(store.write(chunked(large, 64 * 1024), { maxBytes: 8 * 1024 * 1024 + 1 })).rejects.toBeInstanceOf(
      BlobTooLargeError,
    );
    await expect(
      store.write(chunked(Buffer.from('short'), 5), { maxBytes: 100, expectedBytes: 6 }),
    ).rejects.toBeInstanceOf(BlobLengthError);
    expect(await ids()).toEqual(before);
  });

  it('deletes a blob, and a missing one quietly', async () => {
    const written = await store.write(chunked(Buffer.from('gone soon'), 4), { maxBytes: 100 });
    await store.delete(written.id);
    await store.delete(written.id);
    expect(await ids()).not.toContain(written.id);
    expect(await store.sweepTemporary()).toBe(0);
  });
});

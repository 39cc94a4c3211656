import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDirect, openFlags, pausedBody } from '../../testing/open-flags';
import { TestClock } from '../../testing/test-platform';
import type { BlobStore } from './blob-store';
import { AlignedSlots, directIoWorks, MAX_SLOTS, SLOT_BYTES } from './direct-io';
import { HASH_READ } from './extents';
import { openFileBlobStore } from './file-blob-store';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-direct-io-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The file system type holding `file`, from the longest mount point above it. */
async function fileSystemOf(file: string): Promise<string | undefined> {
  const mounts = (await readFile('/proc/mounts', 'utf8').catch(() => '')).split('\n').map((line) => line.split(' '));
  const holding = mounts.filter(
    ([, point]) => point && (file === point || file.startsWith(point.endsWith('/') ? point : `${point}/`)),
  );
  return holding.sort((a, b) => b[1]!.length - a[1]!.length)[0]?.[2];
}

const chunked = (bytes: Buffer, size: number) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let offset = 0; offset < bytes.length; offset += size)
        controller.enqueue(bytes.subarray(offset, offset + size));
      controller.close();
    },
  });
const collect = async (chunks: AsyncGenerator<Uint8Array>) => {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts);
};
const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');

describe('aligned slots', () => {
  it('hands out distinct slots up to its bound, and again once given back', () => {
    const slots = new AlignedSlots();
    const taken: Buffer[] = [];
    for (let slot = slots.take(); slot; slot = slots.take()) taken.push(slot);
    expect(taken).toHaveLength(MAX_SLOTS);
    expect(taken.every((slot) => slot.byteLength === SLOT_BYTES)).toBe(true);
    taken[0]!.fill(1);
    expect(taken.slice(1).every((slot) => slot[0] === 0 && slot[SLOT_BYTES - 1] === 0)).toBe(true);
    slots.give(taken[3]!);
    expect(slots.take()).toBe(taken[3]);
  });
});

describe('the direct I/O probe', () => {
  it('finds direct I/O on the file systems that take it, not on tmpfs, and leaves nothing behind', async () => {
    const kind = await fileSystemOf(dir);
    const works = await directIoWorks(dir, new AlignedSlots());
    if (kind === 'ext4' || kind === 'xfs' || kind === 'btrfs') expect(works).toBe(true);
    else if (kind === 'tmpfs') expect(works).toBe(false);
    else
      console.warn(
        `direct-io.test: ${dir} is on ${kind ?? 'an unknown file system'}; the probe said ${works}, with nothing to check it against.`,
      );
    expect(await readdir(dir)).toEqual([]);
    expect(await directIoWorks(path.join(dir, 'missing'), new AlignedSlots())).toBe(false);
  });
});

for (const directIo of [true, false]) {
  describe(
    directIo ? 'the file blob store with direct I/O where it works' : 'the file blob store through the page cache only',
    () => {
      let store: BlobStore;
      let blobDir: string;
      beforeAll(async () => {
        blobDir = path.join(dir, directIo ? 'direct' : 'cached');
        store = await openFileBlobStore(blobDir, new TestClock(), { directIo });
      });

      it('keeps every length whole, on either side of a block and a slot, whatever the chunks', async () => {
        const lengths = [0, 1, 4095, 4096, 4097, SLOT_BYTES - 1, SLOT_BYTES, SLOT_BYTES + 1, 2 * SLOT_BYTES + 4097];
        for (const [index, length] of lengths.entries()) {
          const bytes = randomBytes(length);
          const written = await store.write(chunked(bytes, [65_536, 1000, 333_333][index % 3]!), {
            maxBytes: 4 * SLOT_BYTES,
            expectedBytes: length,
          });
          expect(written).toEqual({ id: written.id, size: length, sha1: sha1(bytes) });
          expect((await stat(path.join(blobDir, written.id))).size).toBe(length);
          if (length === 0) continue;
          expect((await collect(store.read(written.id, 0, length - 1))).equals(bytes)).toBe(true);
          expect((await collect(store.read(written.id, 0, length - 1, HASH_READ))).equals(bytes)).toBe(true);
          const [start, end] = [Math.floor(length / 3), length - 1 - Math.floor(length / 5)];
          expect(
            (await collect(store.read(written.id, start, end, HASH_READ))).equals(bytes.subarray(start, end + 1)),
          ).toBe(true);
        }
      });

      it('keeps nothing of a large body that fails after a few slots', async () => {
        let sent = 0;
        const failing = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent >= 2.5 * SLOT_BYTES) return controller.error(new Error('connection reset'));
            sent += 65_536;
            controller.enqueue(randomBytes(65_536));
          },
        });
        await expect(store.write(failing, { maxBytes: 4 * SLOT_BYTES })).rejects.toThrow('connection reset');
        expect(await readdir(path.join(blobDir, 'tmp'))).toEqual([]);
      });
    },
  );
}

describe('what goes around the page cache', () => {
  it('a blob larger than a slot as it is written, and reads that are hashed and let go, not a download', async (context) => {
    if (!existsSync('/proc/self/fdinfo') || !(await directIoWorks(dir, new AlignedSlots()))) {
      console.warn(
        `direct-io.test: no direct I/O in ${dir} (or no /proc/self/fdinfo), so which files go around the page cache is not checked here.`,
      );
      return context.skip();
    }
    const blobDir = path.join(dir, 'flags');
    const store = await openFileBlobStore(blobDir, new TestClock());
    let release!: () => void;
    const { body, paused } = pausedBody(
      2 * SLOT_BYTES,
      SLOT_BYTES,
      new Promise<void>((resolve) => (release = resolve)),
    );
    const writing = store.write(body, { maxBytes: 4 * SLOT_BYTES });
    const tmp = path.join(blobDir, 'tmp');
    await paused;
    // Past the first slot, only the file's direct descriptor is open.
    const [name] = await readdir(tmp);
    expect((await openFlags(path.join(tmp, name!))).map(isDirect)).toEqual([true]);
    release();
    const written = await writing;

    // Reads are checked between two chunks, with the file open; each hashed read left early gives its slot back.
    const flagsMidRead = async (how?: typeof HASH_READ) => {
      const reading = store.read(written.id, 0, written.size - 1, how);
      await reading.next();
      const flags = await openFlags(path.join(blobDir, written.id));
      await reading.return(undefined);
      return flags.map(isDirect);
    };
    for (let read = 0; read < MAX_SLOTS + 2; read++) expect(await flagsMidRead(HASH_READ)).toEqual([true]);
    expect(await flagsMidRead()).toEqual([false]);
  });
});

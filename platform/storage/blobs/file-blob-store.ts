import { createHash } from 'node:crypto';
import { link, mkdir, open, readdir, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { directSink, pageCacheSink, readAround, type FileSink } from './blob-file-sinks';
import {
  BLOB_ID,
  BlobLengthError,
  BlobTooLargeError,
  blobCreatedAt,
  newBlobId,
  type BlobBody,
  type BlobClock,
  type BlobReadHow,
  type BlobStore,
  type BlobWriteOptions,
} from './blob-store';
import { chunksOf } from './body-chunks';
import { AlignedSlots, directIoWorks } from './direct-io';
import { sharedSync } from './shared-sync';

const TMP = 'tmp';
const READ_CHUNK_BYTES = 256 * 1024;
/** Shared by every store of the process, so that what direct I/O holds at once stays bounded. */
const slots = new AlignedSlots();

export interface FileBlobStoreOptions {
  /** false: through the page cache only (tests of that path); otherwise direct I/O where the file system takes it. */
  directIo?: boolean;
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

// Another file system, one without hard links, or a blob linked too often: the caller copies instead.
const UNLINKABLE = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EMLINK']);

/**
 * Blobs as files under `<dir>`: each is written to `<dir>/tmp/<id>`, hashed with SHA-1 while it
 * streams (by the store, or by the caller for `writeUnhashed`), fsynced, renamed to `<dir>/<id>`,
 * and the directory fsynced, so after a crash a blob is either whole under its id or a temporary
 * file that the next start removes. Where the file system takes direct I/O, blobs larger than a
 * slot are written around the page cache, and reads that only pass through (hashing) read around it.
 */
export async function openFileBlobStore(
  dir: string,
  clock: BlobClock,
  options: FileBlobStoreOptions = {},
): Promise<BlobStore> {
  const tmpDir = path.join(dir, TMP);
  await mkdir(tmpDir, { recursive: true });
  await syncDirectory(dir);
  const direct = options.directIo !== false && (await directIoWorks(tmpDir, slots));
  const syncBlobDirectory = sharedSync(() => syncDirectory(dir));
  const writing = new Set<string>();
  const finalPath = (id: string) => {
    if (!BLOB_ID.test(id)) throw new Error(`not a blob id: ${id.slice(0, 40)}`);
    return path.join(dir, id);
  };

  async function write(body: BlobBody, options: BlobWriteOptions, hashed: boolean) {
    const id = newBlobId(clock);
    const tmpPath = path.join(tmpDir, id);
    writing.add(id);
    const slot = direct ? slots.take() : undefined;
    let sink: FileSink | undefined;
    try {
      sink = slot ? await directSink(tmpPath, slot) : await pageCacheSink(tmpPath);
      const hash = hashed ? createHash('sha1') : undefined;
      let size = 0;
      for await (const value of chunksOf(body)) {
        size += value.byteLength;
        if (size > options.maxBytes) throw new BlobTooLargeError(`The body is longer than ${options.maxBytes} bytes.`);
        if (options.expectedBytes !== undefined && size > options.expectedBytes)
          throw new BlobLengthError('The body is longer than its Content-Length.');
        hash?.update(value);
        options.onChunk?.(value);
        await sink.add(value);
      }
      if (options.expectedBytes !== undefined && size !== options.expectedBytes)
        throw new BlobLengthError('The body is shorter than its Content-Length.');
      const handle = await sink.finish();
      sink = undefined;
      try {
        await handle.datasync();
      } finally {
        await handle.close();
      }
      await rename(tmpPath, path.join(dir, id));
      await syncBlobDirectory();
      return { id, size, sha1: hash?.digest('hex') ?? '' };
    } catch (error) {
      await sink?.abort();
      await rm(tmpPath, { force: true });
      throw error;
    } finally {
      if (slot) slots.give(slot);
      writing.delete(id);
    }
  }

  async function* read(id: string, start: number, end: number, how: BlobReadHow = {}): AsyncGenerator<Uint8Array> {
    const slot = how.passing && direct ? slots.take() : undefined;
    if (slot) {
      try {
        yield* readAround(finalPath(id), start, end, slot);
        return;
      } finally {
        slots.give(slot);
      }
    }
    const chunkBytes = how.chunkBytes ?? READ_CHUNK_BYTES;
    const handle = await open(finalPath(id), 'r');
    try {
      let position = start;
      while (position <= end) {
        const length = Math.min(chunkBytes, end - position + 1);
        // A fresh buffer each time: the consumer may still hold the previous one.
        const { bytesRead, buffer } = await handle.read(Buffer.allocUnsafe(length), 0, length, position);
        if (bytesRead === 0) throw new Error(`blob ${id} is shorter than expected`);
        position += bytesRead;
        yield buffer.subarray(0, bytesRead);
      }
    } finally {
      await handle.close();
    }
  }

  return {
    write: (body, options) => write(body, options, true),
    writeUnhashed: async (body, options) => {
      const { id, size } = await write(body, options, false);
      return { id, size };
    },
    read,
    async linkInto(id, target) {
      try {
        await link(finalPath(id), target);
        return true;
      } catch (error) {
        if (UNLINKABLE.has((error as NodeJS.ErrnoException).code ?? '')) return false;
        throw error;
      }
    },
    async delete(id) {
      await unlink(finalPath(id)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
    async *list() {
      for (const name of await readdir(dir)) {
        if (BLOB_ID.test(name)) yield { id: name, createdAt: blobCreatedAt(name) };
      }
    },
    async sweepTemporary() {
      let removed = 0;
      for (const name of await readdir(tmpDir)) {
        if (writing.has(name)) continue;
        await rm(path.join(tmpDir, name), { force: true, recursive: true });
        removed++;
      }
      return removed;
    },
  };
}

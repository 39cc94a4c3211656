import { createHash } from 'node:crypto';
import { link, mkdir, open, readdir, rename, rm, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { BLOB_ID, BlobLengthError, BlobTooLargeError, blobCreatedAt, newBlobId, type BlobBody, type BlobClock, type BlobStore, type BlobWriteOptions } from './blob-store';
import { chunksOf } from './body-chunks';
import { sharedSync } from './shared-sync';

const TMP = 'tmp';
// Coalescing the body's small network chunks into larger writes saves most of the syscalls.
const WRITE_BATCH_BYTES = 1024 * 1024;
const READ_CHUNK_BYTES = 256 * 1024;

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

async function writeAll(handle: FileHandle, chunks: Uint8Array[]): Promise<void> {
  let pending = chunks;
  while (pending.length) {
    let { bytesWritten } = await handle.writev(pending);
    const rest: Uint8Array[] = [];
    for (const chunk of pending) {
      if (bytesWritten >= chunk.byteLength) bytesWritten -= chunk.byteLength;
      else {
        rest.push(chunk.subarray(bytesWritten));
        bytesWritten = 0;
      }
    }
    pending = rest;
  }
}

/**
 * Blobs as files under `<dir>`: each is written to `<dir>/tmp/<id>`, hashed with SHA-1 while it
 * streams (by the store, or by the caller for `writeUnhashed`), fsynced, renamed to `<dir>/<id>`,
 * and the directory fsynced, so after a crash a blob is either whole under its id or a temporary
 * file that the next start removes.
 */
export async function openFileBlobStore(dir: string, clock: BlobClock): Promise<BlobStore> {
  const tmpDir = path.join(dir, TMP);
  await mkdir(tmpDir, { recursive: true });
  await syncDirectory(dir);
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
    let handle: FileHandle | undefined;
    try {
      handle = await open(tmpPath, 'wx');
      const hash = hashed ? createHash('sha1') : undefined;
      let size = 0;
      let batch: Uint8Array[] = [];
      let batchBytes = 0;
      for await (const value of chunksOf(body)) {
        size += value.byteLength;
        if (size > options.maxBytes) throw new BlobTooLargeError(`The body is longer than ${options.maxBytes} bytes.`);
        if (options.expectedBytes !== undefined && size > options.expectedBytes) throw new BlobLengthError('The body is longer than its Content-Length.');
        hash?.update(value);
        options.onChunk?.(value);
        batch.push(value);
        batchBytes += value.byteLength;
        if (batchBytes >= WRITE_BATCH_BYTES) {
          await writeAll(handle, batch);
          batch = [];
          batchBytes = 0;
        }
      }
      if (options.expectedBytes !== undefined && size !== options.expectedBytes) throw new BlobLengthError('The body is shorter than its Content-Length.');
      await writeAll(handle, batch);
      await handle.datasync();
      await handle.close();
      handle = undefined;
      await rename(tmpPath, path.join(dir, id));
      await syncBlobDirectory();
      return { id, size, sha1: hash?.digest('hex') ?? '' };
    } catch (error) {
      await handle?.close().catch(() => undefined);
      await rm(tmpPath, { force: true });
      throw error;
    } finally {
      writing.delete(id);
    }
  }

  async function* read(id: string, start: number, end: number, chunkBytes = READ_CHUNK_BYTES): AsyncGenerator<Uint8Array> {
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

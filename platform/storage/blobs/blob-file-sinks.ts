import { open, type FileHandle } from 'node:fs/promises';
import { DIRECT_ALIGN, DIRECT_READ_FLAGS, DIRECT_WRITE_FLAGS, SLOT_BYTES } from './direct-io';

/** Where a blob's bytes go as they arrive: `add` each chunk in order; `finish` gives the file written whole, not yet synced. */
export interface FileSink {
  add(chunk: Uint8Array): Promise<void>;
  finish(): Promise<FileHandle>;
  /** Closes what is open after a failure; the caller removes the file. */
  abort(): Promise<void>;
}

// Coalescing the body's small network chunks into larger writes saves most of the syscalls.
const WRITE_BATCH_BYTES = 1024 * 1024;

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

/** Through the page cache, the chunks written as they come, a megabyte at a time. */
export async function pageCacheSink(filePath: string): Promise<FileSink> {
  const handle = await open(filePath, 'wx');
  let batch: Uint8Array[] = [];
  let batchBytes = 0;
  return {
    async add(chunk) {
      batch.push(chunk);
      batchBytes += chunk.byteLength;
      if (batchBytes < WRITE_BATCH_BYTES) return;
      await writeAll(handle, batch);
      batch = [];
      batchBytes = 0;
    },
    async finish() {
      await writeAll(handle, batch);
      return handle;
    },
    abort: () => handle.close().catch(() => undefined),
  };
}

async function writeWhole(handle: FileHandle, slot: Buffer, length: number, position: number): Promise<void> {
  const { bytesWritten } = await handle.write(slot, 0, length, position);
  // A direct write is whole or refused; a short one (a full disk) cannot be continued unaligned.
  if (bytesWritten !== length) throw new Error(`wrote ${bytesWritten} of ${length} bytes: is the disk full?`);
}

/**
 * Around the page cache (O_DIRECT), gathered in an aligned slot and written a slot at a time; the
 * last block is padded and the file cut back to its length. A blob that fits in one slot goes
 * through the page cache after all: derivatives and small objects are read again soon.
 *
 * Why: an upload's bytes are rarely read again soon, and on a virtual machine whose host takes back
 * the memory its guest frees (free page reporting, as on the machines this project is built on),
 * putting each new gigabyte in the page cache cost the kernel 26 times the time of writing around it
 * (docs/decisions/0005-direct-io.md).
 */
export async function directSink(filePath: string, slot: Buffer): Promise<FileSink> {
  // Created at once, as through the cache, so a write under way shows as its temporary file.
  let cached: FileHandle | undefined = await open(filePath, 'wx');
  let direct: FileHandle | undefined;
  let filled = 0;
  let position = 0;
  return {
    async add(chunk) {
      for (let offset = 0; offset < chunk.byteLength;) {
        const taken = Math.min(SLOT_BYTES - filled, chunk.byteLength - offset);
        slot.set(chunk.subarray(offset, offset + taken), filled);
        filled += taken;
        offset += taken;
        if (filled < SLOT_BYTES) continue;
        if (!direct) {
          direct = await open(filePath, DIRECT_WRITE_FLAGS);
          await cached?.close();
          cached = undefined;
        }
        await writeWhole(direct, slot, SLOT_BYTES, position);
        position += SLOT_BYTES;
        filled = 0;
      }
    },
    async finish() {
      if (cached) {
        await writeWhole(cached, slot, filled, 0);
        return cached;
      }
      if (filled > 0) {
        const padded = Math.ceil(filled / DIRECT_ALIGN) * DIRECT_ALIGN;
        slot.fill(0, filled, padded);
        await writeWhole(direct!, slot, padded, position);
        await direct!.truncate(position + filled);
      }
      return direct!;
    },
    async abort() {
      await cached?.close().catch(() => undefined);
      await direct?.close().catch(() => undefined);
    },
  };
}

/**
 * Bytes `start` to `end` inclusive of a file, read around the page cache into one slot, refilled for
 * each chunk: the consumer is done with a chunk before it asks for the next.
 */
export async function* readAround(
  filePath: string,
  start: number,
  end: number,
  slot: Buffer,
): AsyncGenerator<Uint8Array> {
  const handle = await open(filePath, DIRECT_READ_FLAGS);
  try {
    let position = start - (start % DIRECT_ALIGN);
    let skip = start - position;
    while (position <= end) {
      const { bytesRead } = await handle.read(slot, 0, SLOT_BYTES, position);
      const last = Math.min(bytesRead, end - position + 1);
      if (last <= skip || (bytesRead < SLOT_BYTES && position + bytesRead <= end))
        throw new Error(`${filePath} is shorter than expected`);
      yield slot.subarray(skip, last);
      position += bytesRead;
      skip = 0;
    }
  } finally {
    await handle.close();
  }
}

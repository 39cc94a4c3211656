import { constants } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

/**
 * Direct I/O (O_DIRECT) wants memory, file offsets and lengths aligned to the device's blocks; 4096
 * covers devices of 512- and 4096-byte blocks.
 */
export const DIRECT_ALIGN = 4096;
/** What a direct write gathers before it writes, and a direct read's step. */
export const SLOT_BYTES = 1024 * 1024;
const SLOTS_PER_BLOCK = 16;
/** At most 64 MiB of slots: a write or read past that many at once goes through the page cache. */
export const MAX_SLOTS = 64;
const WASM_PAGE = 65536;

/**
 * Page-aligned buffers for direct I/O. A Buffer from the heap promises no alignment; a WebAssembly
 * memory's bytes start on a page boundary (V8 maps them on their own). Its size is fixed, so its
 * buffer is never detached by a grow.
 */
export class AlignedSlots {
  private readonly free: Buffer[] = [];
  private made = 0;

  /** A slot, or undefined when all the slots there may be are in use. */
  take(): Buffer | undefined {
    if (!this.free.length && this.made < MAX_SLOTS) {
      const pages = (SLOT_BYTES * SLOTS_PER_BLOCK) / WASM_PAGE;
      const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
      for (let index = 0; index < SLOTS_PER_BLOCK; index++)
        this.free.push(Buffer.from(memory.buffer, index * SLOT_BYTES, SLOT_BYTES));
      this.made += SLOTS_PER_BLOCK;
    }
    return this.free.pop();
  }

  give(slot: Buffer): void {
    this.free.push(slot);
  }
}

/** For a file already created: a blob's temporary file exists from its first byte, as through the cache. */
export const DIRECT_WRITE_FLAGS = constants.O_WRONLY | (constants.O_DIRECT ?? 0);
export const DIRECT_READ_FLAGS = constants.O_RDONLY | (constants.O_DIRECT ?? 0);

/**
 * Whether files in `dir` take direct I/O from these slots: a block written and read back. tmpfs
 * refuses O_DIRECT, some file systems ignore it, and other systems have no such flag.
 */
export async function directIoWorks(dir: string, slots: AlignedSlots): Promise<boolean> {
  if (constants.O_DIRECT === undefined) return false;
  const slot = slots.take();
  if (!slot) return false;
  const probe = path.join(dir, `direct-io-probe-${process.pid}`);
  let handle: FileHandle | undefined;
  try {
    await rm(probe, { force: true });
    slot.fill(0x5a, 0, DIRECT_ALIGN);
    handle = await open(probe, DIRECT_WRITE_FLAGS | constants.O_CREAT | constants.O_EXCL);
    await handle.write(slot, 0, DIRECT_ALIGN, 0);
    await handle.close();
    handle = await open(probe, DIRECT_READ_FLAGS);
    slot.fill(0, 0, DIRECT_ALIGN);
    const { bytesRead } = await handle.read(slot, 0, DIRECT_ALIGN, 0);
    return bytesRead === DIRECT_ALIGN && slot[DIRECT_ALIGN - 1] === 0x5a;
  } catch {
    return false;
  } finally {
    await handle?.close().catch(() => undefined);
    await rm(probe, { force: true }).catch(() => undefined);
    slots.give(slot);
  }
}

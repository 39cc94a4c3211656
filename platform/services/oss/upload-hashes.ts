import { createHash, type Hash } from 'node:crypto';
import type { BlobStore } from '../../storage/blobs/blob-store';
import { HASH_READ, type Extent } from '../../storage/blobs/extents';

interface Entry {
  hash: Hash;
  /** The next part number the hash needs, and the blobs hashed so far, in part order. */
  next: number;
  hashed: string[];
  /** Stored parts not hashed yet, by part number. */
  waiting: Map<number, Extent>;
  pumping: Promise<void> | undefined;
  /** A part being hashed as it streams in (the next one, sent after the others were hashed). */
  streaming: number | undefined;
  broken: boolean;
}

/** Sees a part's bytes as they arrive; `stored` adopts that hash if the part is still the next one. */
export interface PartTap {
  update(chunk: Uint8Array): void;
}

const MAX_ENTRIES = 1000;

/**
 * Running SHA-1s of uploads in progress, so completing a large upload need not read it all back.
 * A part sent in order (as the SDK sends them, one after another) is hashed as it streams in; any
 * other is hashed from the warm page cache once the parts before it are, while later parts still
 * arrive. Only a speed-up: a part sent again after it was hashed, a failure or a restart drops the
 * entry and completion hashes the stored parts itself; completion also checks that the hashed blobs
 * are exactly its parts.
 */
export class UploadHashes {
  private readonly entries = new Map<string, Entry>();
  private readonly taps = new WeakMap<PartTap, { entry: Entry; partNumber: number; hash: Hash }>();

  constructor(private readonly blobs: BlobStore) {}

  private entry(uploadKey: string): Entry {
    let entry = this.entries.get(uploadKey);
    if (!entry) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      entry = {
        hash: createHash('sha1'),
        next: 1,
        hashed: [],
        waiting: new Map(),
        pumping: undefined,
        streaming: undefined,
        broken: false,
      };
      this.entries.set(uploadKey, entry);
    }
    return entry;
  }

  /** Called as a part's body starts: a tap when every part before it is hashed already. */
  partStarting(uploadKey: string, partNumber: number): PartTap | undefined {
    const entry = this.entry(uploadKey);
    if (entry.broken || entry.pumping || entry.streaming !== undefined || partNumber !== entry.next) return undefined;
    const hash = entry.hash.copy();
    const tap: PartTap = { update: (chunk) => hash.update(chunk) };
    entry.streaming = partNumber;
    this.taps.set(tap, { entry, partNumber, hash });
    return tap;
  }

  /** A part's body did not make it: its tap, if any, is dropped. */
  partFailed(tap: PartTap | undefined): void {
    const state = tap && this.taps.get(tap);
    if (state?.entry.streaming === state?.partNumber && state) state.entry.streaming = undefined;
  }

  partStored(uploadKey: string, partNumber: number, extent: Extent, tap?: PartTap): void {
    const entry = this.entry(uploadKey);
    const state = tap && this.taps.get(tap);
    if (state && entry.streaming === partNumber) entry.streaming = undefined;
    if (partNumber < entry.next) entry.broken = true;
    if (entry.broken) return;
    if (state?.entry === entry && partNumber === entry.next && !entry.pumping) {
      entry.hash = state.hash;
      entry.hashed.push(extent.blobId);
      entry.next += 1;
    } else entry.waiting.set(partNumber, extent);
    this.kick(entry);
  }

  /**
   * Starts hashing if the next part is waiting. The promise is cleared in a callback, not inside
   * `pump`: a pump with nothing to await settles before the assignment and would never be cleared.
   */
  private kick(entry: Entry): void {
    if (entry.pumping || entry.broken || !entry.waiting.has(entry.next)) return;
    const run = this.pump(entry).finally(() => {
      entry.pumping = undefined;
      this.kick(entry);
    });
    entry.pumping = run;
  }

  private async pump(entry: Entry): Promise<void> {
    try {
      for (
        let extent = entry.waiting.get(entry.next);
        extent && !entry.broken;
        extent = entry.waiting.get(entry.next)
      ) {
        entry.waiting.delete(entry.next);
        if (extent.size > 0)
          for await (const chunk of this.blobs.read(extent.blobId, 0, extent.size - 1, HASH_READ))
            entry.hash.update(chunk);
        entry.hashed.push(extent.blobId);
        entry.next += 1;
      }
    } catch {
      entry.broken = true;
    }
  }

  /** The whole upload's SHA-1 (hex) if its parts are exactly the blobs hashed here, in order. */
  async digest(uploadKey: string, extents: readonly Extent[]): Promise<string | undefined> {
    const entry = this.entries.get(uploadKey);
    if (!entry) return undefined;
    while (entry.pumping) await entry.pumping;
    const same =
      !entry.broken &&
      entry.hashed.length === extents.length &&
      entry.hashed.every((id, index) => id === extents[index]!.blobId);
    return same ? entry.hash.copy().digest('hex') : undefined;
  }

  forget(uploadKey: string): void {
    const entry = this.entries.get(uploadKey);
    if (entry) entry.broken = true;
    this.entries.delete(uploadKey);
  }
}

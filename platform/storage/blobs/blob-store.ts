import { randomChars } from '../ids';

/** The platform's clock, as the store needs it (structural, so storage does not import the config). */
export interface BlobClock {
  now(): Date;
}

/** What a finished write gives back: the new blob's id, its length and its SHA-1 (hex). */
export interface BlobWritten {
  id: string;
  size: number;
  sha1: string;
}

export interface BlobWriteOptions {
  /** A body longer than this is refused and nothing is kept. */
  maxBytes: number;
  /** The length the sender announced (Content-Length); a body of any other length is refused. */
  expectedBytes?: number | undefined;
  /** Sees each chunk as it is written, in order (e.g. to extend a running hash of a whole upload). */
  onChunk?: ((chunk: Uint8Array) => void) | undefined;
}

/** How a read may go, where the store has a choice. */
export interface BlobReadHow {
  /** Its step, where the store reads in steps. */
  chunkBytes?: number;
  /**
   * Each chunk is done with before the next is asked for, and the bytes are not wanted again soon (an
   * upload's hash): the store may fill one buffer again and again, and read around its cache.
   */
  passing?: boolean;
}

export interface BlobInfo {
  id: string;
  /** When the blob was made, by the store's clock (read from its id). */
  createdAt: Date;
}

/**
 * Where object bytes live, apart from the metadata. A blob is immutable once written and only
 * appears, under its final id, when all of it is durable; its name never comes from a client.
 */
/** A body to store: a web stream, or any async source of chunks (such as a Node request). */
export type BlobBody = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

export interface BlobStore {
  write(body: BlobBody, options: BlobWriteOptions): Promise<BlobWritten>;
  /** The same without the SHA-1, for bytes the caller hashes itself through `onChunk` (a part, into its object's SHA-1). */
  writeUnhashed(body: BlobBody, options: BlobWriteOptions): Promise<Omit<BlobWritten, 'sha1'>>;
  /** Bytes `start` to `end` inclusive of one blob, read lazily as the consumer pulls. */
  read(id: string, start: number, end: number, how?: BlobReadHow): AsyncGenerator<Uint8Array>;
  /**
   * Makes `target` (a new path) name the blob's bytes without copying them, as a hard link; false
   * when this store cannot (its bytes live elsewhere, or on another file system). The caller only reads it.
   */
  linkInto(id: string, target: string): Promise<boolean>;
  /** Removes a blob; a missing one is not an error. */
  delete(id: string): Promise<void>;
  /** Every stored blob (not the ones still being written). */
  list(): AsyncGenerator<BlobInfo>;
  /** Removes leftovers of writes that never finished, except those this process is still doing. */
  sweepTemporary(): Promise<number>;
}

/** The body went past `maxBytes`. */
export class BlobTooLargeError extends Error {}
/** The body ended before, or went on after, the announced length. */
export class BlobLengthError extends Error {}

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const TIME_DIGITS = 10;
export const BLOB_ID = /^[0-9a-z]{34}$/;

/**
 * Ids start with their creation time (base 36, from the injected clock) so the orphan sweep can
 * spare young blobs without trusting file times; lowercase only, so case-insensitive disks are safe.
 */
export function newBlobId(clock: BlobClock): string {
  return clock.now().getTime().toString(36).padStart(TIME_DIGITS, '0') + randomChars(24, ID_ALPHABET);
}

export function blobCreatedAt(id: string): Date {
  return new Date(parseInt(id.slice(0, TIME_DIGITS), 36));
}

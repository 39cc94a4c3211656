import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { schemaMigrations } from './catalogue';
import { captureState, type CapturedState, type SnapshotDeps } from './capture';
import {
  blobEntry,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_ENTRY,
  tableEntry,
  TRAILER_ENTRY,
  type Manifest,
  type Trailer,
} from './manifest';
import { tarEnd, tarHeader, tarPadding } from './tar';

export interface ExportSummary {
  tables: number;
  rows: number;
  blobs: number;
  bytes: number;
}

const encoder = new TextEncoder();
const tableText = (lines: readonly string[]) => encoder.encode(lines.map((line) => `${line}\n`).join(''));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export function summaryOf(captured: CapturedState): ExportSummary {
  return {
    tables: captured.tables.length,
    rows: captured.tables.reduce((total, table) => total + table.lines.length, 0),
    blobs: captured.blobs.length,
    bytes: captured.blobs.reduce((total, blob) => total + blob.size, 0),
  };
}

function* entry(name: string, bytes: Uint8Array, at: Date): Generator<Uint8Array> {
  yield tarHeader(name, bytes.length, at);
  yield bytes;
  yield tarPadding(bytes.length);
}

/**
 * The archive of a captured state, as it is read: manifest.json, then each table's rows as JSON lines
 * in restore order, then each blob's bytes streamed from its held file, then end.json with their
 * digests. Releases the held blobs when it ends, however it ends.
 */
export async function* archiveChunks(captured: CapturedState): AsyncGenerator<Uint8Array> {
  try {
    const at = captured.createdAt;
    const texts = captured.tables.map((table) => tableText(table.lines));
    const migrations = schemaMigrations();
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      migrations,
      schemaVersion: Math.max(...migrations),
      createdAt: at.toISOString(),
      database: captured.database,
      tables: captured.tables.map((table, index) => ({
        name: table.name,
        rows: table.lines.length,
        sha256: sha256(texts[index]!),
      })),
      blobs: { count: captured.blobs.length, bytes: summaryOf(captured).bytes },
    };
    yield* entry(MANIFEST_ENTRY, encoder.encode(JSON.stringify(manifest, null, 2)), at);
    for (const [index, table] of captured.tables.entries()) yield* entry(tableEntry(table.name), texts[index]!, at);
    const trailer: Trailer = { blobs: [] };
    for (const blob of captured.blobs) {
      yield tarHeader(blobEntry(blob.id), blob.size, at);
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of createReadStream(blob.path) as AsyncIterable<Buffer>) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
      // The header announced `blob.size`; a held file cannot change, so anything else is a fault here.
      if (size !== blob.size) throw new Error(`The held blob ${blob.id} changed size while it was archived.`);
      yield tarPadding(size);
      trailer.blobs.push({ id: blob.id, size, sha256: hash.digest('hex') });
    }
    yield* entry(TRAILER_ENTRY, encoder.encode(JSON.stringify(trailer)), at);
    yield tarEnd();
  } finally {
    await captured.release();
  }
}

/** Writes the whole state of the platform, consistent at one instant even while it serves, to `out`. */
export async function exportState(
  deps: Pick<SnapshotDeps, 'stores' | 'blobs' | 'scratchDir'>,
  out: Writable,
): Promise<ExportSummary> {
  const captured = await captureState(deps);
  try {
    await pipeline(Readable.from(archiveChunks(captured)), out);
    return summaryOf(captured);
  } finally {
    // A stream ended before its first read never runs the generator, nor its `finally`.
    await captured.release();
  }
}

/** The same archive in memory, for `snapshot()` of the programmatic start; keep it for small states. */
export async function exportBytes(deps: Pick<SnapshotDeps, 'stores' | 'blobs' | 'scratchDir'>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of archiveChunks(await captureState(deps))) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

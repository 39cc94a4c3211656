import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { BLOB_ID, type BlobBody, type BlobStore } from '../storage/blobs/blob-store';
import { chunksOf } from '../storage/blobs/body-chunks';
import { blobRefs, schemaMigrations, type BlobRef, type Row } from './catalogue';
import { checkManifest, checkTrailer, MANIFEST_ENTRY, tableEntry, TRAILER_ENTRY, type Manifest } from './manifest';
import { SnapshotError } from './snapshot-error';
import { tarEntries } from './tar';

/** An archive as `importState` takes it: all in memory (`snapshot()`), or streamed (a file, a request body). */
export type ArchiveSource = Uint8Array | BlobBody;

export interface ArchiveContent {
  manifest: Manifest;
  tables: { name: string; rows: Row[] }[];
  /** Each blob of the archive, by its id there, and the id it was stored under here. */
  renamed: Map<string, string>;
}

const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;
const decoder = new TextDecoder('utf-8', { fatal: true });

async function bytesOf(body: AsyncIterable<Uint8Array>, max = Infinity): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > max) throw new SnapshotError('The archive is damaged: its manifest is far larger than a manifest is.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function rowsOf(name: string, bytes: Buffer, expected: { rows: number; sha256: string }): Row[] {
  const damaged = (why: string) => new SnapshotError(`The archive is damaged: the rows of ${name} ${why}.`);
  if (createHash('sha256').update(bytes).digest('hex') !== expected.sha256) throw damaged('do not match their digest');
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw damaged('are not UTF-8');
  }
  const lines = text ? text.replace(/\n$/, '').split('\n') : [];
  if (lines.length !== expected.rows) throw damaged(`number ${lines.length}, not ${expected.rows}`);
  return lines.map((line) => {
    try {
      const row = JSON.parse(line) as unknown;
      if (typeof row === 'object' && row !== null && !Array.isArray(row)) return row as Row;
    } catch {
      // answered below
    }
    throw damaged('hold a line that is not a JSON object');
  });
}

/**
 * Reads and checks a whole archive: the manifest first (format and schema version, refused before
 * anything is written), every table against its digest, every blob into the store under a new id
 * against the digest in end.json, and that every blob a row names came with it. Blobs stored before a
 * refusal are listed in `written` for the caller to delete; nothing else is changed.
 */
export async function readArchive(source: ArchiveSource, blobs: BlobStore, written: string[]): Promise<ArchiveContent> {
  const chunks =
    source instanceof Uint8Array ? (Readable.from([source]) as AsyncIterable<Uint8Array>) : chunksOf(source);
  const entries = tarEntries(chunks);
  const first = await entries.next();
  if (first.done || first.value.name !== MANIFEST_ENTRY)
    throw new SnapshotError('This is not a platform snapshot: it does not begin with manifest.json.');
  const manifest = checkManifest((await bytesOf(first.value.body, MAX_MANIFEST_BYTES)).toString(), schemaMigrations());
  const expected = new Map(manifest.tables.map((table) => [tableEntry(table.name), table]));
  const tables: ArchiveContent['tables'] = [];
  const refs = new Map<string, BlobRef>();
  const renamed = new Map<string, string>();
  const digests = new Map<string, { size: number; sha256: string }>();
  let trailer: ReturnType<typeof checkTrailer> | undefined;
  for await (const entry of entries) {
    if (trailer) throw new SnapshotError(`The archive is damaged: ${entry.name} follows its last entry, end.json.`);
    const table = expected.get(entry.name);
    if (entry.name === TRAILER_ENTRY) {
      trailer = checkTrailer((await bytesOf(entry.body, MAX_MANIFEST_BYTES)).toString());
    } else if (table) {
      const rows = rowsOf(table.name, await bytesOf(entry.body), table);
      tables.push({ name: table.name, rows });
      blobRefs(table.name, rows, refs);
      expected.delete(entry.name);
    } else if (entry.name.startsWith('blobs/') && BLOB_ID.test(entry.name.slice(6))) {
      const id = entry.name.slice(6);
      if (renamed.has(id)) throw new SnapshotError(`The archive is damaged: it holds the blob ${id} twice.`);
      const hash = createHash('sha256');
      const stored = await blobs.writeUnhashed(entry.body, {
        maxBytes: entry.size,
        expectedBytes: entry.size,
        onChunk: (chunk) => hash.update(chunk),
      });
      written.push(stored.id);
      renamed.set(id, stored.id);
      digests.set(id, { size: entry.size, sha256: hash.digest('hex') });
    } else {
      throw new SnapshotError(`The archive holds an entry a platform snapshot does not have: ${entry.name}.`);
    }
  }
  if (!trailer)
    throw new SnapshotError('The archive ends early: its last entry, end.json, is missing, so it was cut short.');
  if (expected.size)
    throw new SnapshotError(
      `The archive is damaged: it lacks the rows of ${[...expected.values()].map((t) => t.name).join(', ')}.`,
    );
  checkBlobs(trailer.blobs, digests, refs, manifest.blobs.count);
  return { manifest, tables, renamed };
}

function checkBlobs(
  listed: readonly { id: string; size: number; sha256: string }[],
  digests: ReadonlyMap<string, { size: number; sha256: string }>,
  refs: ReadonlyMap<string, BlobRef>,
  count: number,
): void {
  if (listed.length !== count || digests.size !== count)
    throw new SnapshotError(`The archive is damaged: its manifest announces ${count} blobs, it holds ${digests.size}.`);
  for (const blob of listed) {
    const got = digests.get(blob.id);
    if (!got || got.size !== blob.size || got.sha256 !== blob.sha256)
      throw new SnapshotError(`The archive is damaged: the bytes of blob ${blob.id} do not match their digest.`);
  }
  for (const ref of refs.values()) {
    if (ref.optional) continue;
    const got = digests.get(ref.id);
    if (!got)
      throw new SnapshotError(`The archive is damaged: its rows name the blob ${ref.id}, which it does not hold.`);
    if (got.size !== ref.size)
      throw new SnapshotError(
        `The archive is damaged: blob ${ref.id} holds ${got.size} bytes, its rows say ${ref.size}.`,
      );
  }
}

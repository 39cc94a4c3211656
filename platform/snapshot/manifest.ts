import { SnapshotError } from './snapshot-error';

export const FORMAT = 'design-data-platform-snapshot';
export const FORMAT_VERSION = 1;

/** The archive's first entry: what it holds and what made it, checked before anything is written. */
export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  /** The migrations the exporting platform's schema was made of; the highest is its schema version. */
  migrations: number[];
  schemaVersion: number;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** In the order they are restored; `sha256` is of the entry `tables/<name>.jsonl`. */
  tables: { name: string; rows: number; sha256: string }[];
  blobs: { count: number; bytes: number };
}

/** The archive's last entry: each blob's digest, known only once its bytes have been streamed. */
export interface Trailer {
  blobs: { id: string; size: number; sha256: string }[];
}

export const MANIFEST_ENTRY = 'manifest.json';
export const TRAILER_ENTRY = 'end.json';
export const tableEntry = (name: string) => `tables/${name}.jsonl`;
export const blobEntry = (id: string) => `blobs/${id}`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The manifest of an archive this platform can restore; a `SnapshotError` that says why not otherwise. */
export function checkManifest(text: string, migrations: readonly number[]): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SnapshotError('The archive is damaged: its manifest.json is not JSON.');
  }
  if (!isObject(value) || value['format'] !== FORMAT)
    throw new SnapshotError(`This is not a platform snapshot: its manifest.json does not say "format": "${FORMAT}".`);
  if (value['formatVersion'] !== FORMAT_VERSION)
    throw new SnapshotError(
      `The archive is in snapshot format ${String(value['formatVersion'])}; this platform reads format ${FORMAT_VERSION}.`,
    );
  const theirs = value['migrations'];
  if (!Array.isArray(theirs) || !theirs.every((id) => Number.isInteger(id)))
    throw new SnapshotError('The archive is damaged: its manifest.json does not list the schema migrations.');
  const ours = migrations.join(',');
  if (theirs.join(',') !== ours) {
    const version = Math.max(0, ...(theirs as number[]));
    const mine = Math.max(...migrations);
    throw new SnapshotError(
      `The archive was made by a platform whose database schema is at version ${version} (migrations ${theirs.join(', ')}); ` +
        `this platform's is at version ${mine} (migrations ${ours}). Restore it with the platform version that made it, ` +
        `or export it again from a platform of this version.`,
    );
  }
  const tables = value['tables'];
  const blobs = value['blobs'];
  const tableOk = (table: unknown) =>
    isObject(table) &&
    typeof table['name'] === 'string' &&
    Number.isInteger(table['rows']) &&
    typeof table['sha256'] === 'string';
  if (!Array.isArray(tables) || !tables.every(tableOk) || !isObject(blobs) || !Number.isInteger(blobs['count']))
    throw new SnapshotError('The archive is damaged: its manifest.json does not list its tables and blobs.');
  return value as unknown as Manifest;
}

export function checkTrailer(text: string): Trailer {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SnapshotError('The archive is damaged: its end.json is not JSON.');
  }
  const blobOk = (blob: unknown) =>
    isObject(blob) &&
    typeof blob['id'] === 'string' &&
    Number.isInteger(blob['size']) &&
    typeof blob['sha256'] === 'string';
  if (!isObject(value) || !Array.isArray(value['blobs']) || !value['blobs'].every(blobOk))
    throw new SnapshotError('The archive is damaged: its end.json does not list the digests of its blobs.');
  return value as unknown as Trailer;
}

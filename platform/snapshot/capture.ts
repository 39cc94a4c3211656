import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from '../storage/blobs/blob-store';
import type { Queryable } from '../storage/db/db';
import type { Stores } from '../storage/stores';
import { BLOB_COLUMNS, BLOB_TABLES, blobRefs, quoted, snapshotTables, type BlobRef, type Row } from './catalogue';
import type { LiveRunners } from './live-work';

export interface SnapshotDeps {
  stores: Stores;
  blobs: BlobStore;
  /**
   * Where blobs are held while an export copies them or while a baseline lasts: best on the blob
   * store's file system (the data directory), where holding one is a hard link and not a copy.
   */
  scratchDir: string;
  /** This process's job and workitem runners: a restore stops their runs first and starts the restored ones after. */
  runners?: LiveRunners | undefined;
}

export interface CapturedTable {
  name: string;
  /** One JSON object per row, as the database wrote it (`to_jsonb`), in primary key order. */
  lines: string[];
}

export interface HeldBlob {
  id: string;
  size: number;
  /** A file with the blob's bytes that nothing else deletes: a hard link or a copy. */
  path: string;
}

export interface CapturedState {
  createdAt: Date;
  database: 'pglite' | 'postgres';
  tables: CapturedTable[];
  blobs: HeldBlob[];
  /** Removes the held files; the blobs themselves stay in the store. */
  release(): Promise<void>;
}

export interface Baseline {
  /** Back to the state captured, all or nothing; live jobs and workitems are stopped first (see live-work.ts). */
  reset(): Promise<void>;
  /** Lets go of the held blobs; `reset` must not be called after. */
  dispose(): Promise<void>;
}

const RETRIES = 5;
/** PostgreSQL's serialization failure and deadlock: another transaction changed what this one had read; read again. */
const RETRYABLE = new Set(['40001', '40P01']);
export const isRetryable = (error: unknown) => RETRYABLE.has((error as { code?: string }).code ?? '');

/**
 * The whole state at one instant, its blobs held so they cannot vanish while they are copied. All
 * rows are read in one transaction; a blob is only deleted after a commit that stops referring to it
 * (see blob-release.ts), so the blobs are held before this transaction ends and no such commit can
 * come first: on PGlite nothing else runs during a transaction; on PostgreSQL the rows that name a
 * blob are locked FOR SHARE, and a row changed since the snapshot began fails the transaction, which
 * is tried again.
 */
export async function captureState(
  deps: Pick<SnapshotDeps, 'stores' | 'blobs' | 'scratchDir'>,
): Promise<CapturedState> {
  await mkdir(deps.scratchDir, { recursive: true });
  const holdDir = await mkdtemp(path.join(deps.scratchDir, 'held-'));
  const release = () => rm(holdDir, { recursive: true, force: true });
  const { db } = deps.stores;
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        const createdAt = new Date();
        const { tables, blobs } = await db.transaction((tx) => readAndHold(tx, db.kind, deps.blobs, holdDir));
        return { createdAt, database: db.kind, tables, blobs, release };
      } catch (error) {
        if (!isRetryable(error) || attempt >= RETRIES) throw error;
        await rm(holdDir, { recursive: true, force: true });
        await mkdir(holdDir);
      }
    }
  } catch (error) {
    await release();
    throw error;
  }
}

async function readAndHold(tx: Queryable, kind: 'pglite' | 'postgres', blobs: BlobStore, holdDir: string) {
  if (kind === 'postgres') {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    for (const table of BLOB_TABLES) {
      const named = BLOB_COLUMNS.filter((column) => column.table === table)
        .map((column) => `${quoted(column.id)} IS NOT NULL`)
        .join(' OR ');
      await tx.query(`SELECT count(*) FROM (SELECT 1 FROM ${quoted(table)} WHERE ${named} FOR SHARE) AS locked`);
    }
  }
  const tables: CapturedTable[] = [];
  const refs = new Map<string, BlobRef>();
  for (const table of await snapshotTables(tx)) {
    const order = table.key.map((column) => `t.${quoted(column)}`).join(', ') || '1';
    const rows = await tx.query<{ row: string }>(
      `SELECT to_jsonb(t)::text AS row FROM ${quoted(table.name)} t ORDER BY ${order}`,
    );
    const lines = rows.map((row) => row.row);
    tables.push({ name: table.name, lines });
    if (BLOB_TABLES.has(table.name))
      blobRefs(
        table.name,
        lines.map((line) => JSON.parse(line) as Row),
        refs,
      );
  }
  const held: HeldBlob[] = [];
  for (const ref of [...refs.values()].sort((a, b) => a.id.localeCompare(b.id))) {
    const file = await holdBlob(blobs, ref, path.join(holdDir, ref.id));
    if (file) held.push(file);
  }
  return { tables, blobs: held };
}

/** A hard link to the blob where the store can make one, else a copy; undefined for an optional blob that is gone. */
export async function holdBlob(blobs: BlobStore, ref: BlobRef, target: string): Promise<HeldBlob | undefined> {
  try {
    if (!(await blobs.linkInto(ref.id, target))) {
      const chunks = ref.size > 0 ? blobs.read(ref.id, 0, ref.size - 1) : Readable.from([]);
      await pipeline(Readable.from(chunks), createWriteStream(target));
    }
    return { id: ref.id, size: (await stat(target)).size, path: target };
  } catch (error) {
    await rm(target, { force: true });
    if (ref.optional) return undefined;
    throw new Error(
      `The blob ${ref.id}, which the database refers to, cannot be read from the blob store: ${(error as Error).message}`,
    );
  }
}

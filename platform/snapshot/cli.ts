import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { systemClock } from '../config';
import { UsageError, required } from '../cli/args';
import { BLOB_FLAGS, openBlobs, parseBlobOptions } from '../cli/blob-options';
import { openStorage } from '../cli/storage';
import type { SnapshotDeps } from './capture';
import { exportState } from './export';
import { importState } from './import';

const FLAGS = { 'data-dir': { type: 'string' }, out: { type: 'string' }, ...BLOB_FLAGS } as const;

function parse(args: string[]) {
  try {
    return parseArgs({ args, options: FLAGS, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/^TypeError \[[A-Z_]+\]: /, ''));
  }
}

/**
 * Opens the data directory as the admin commands do: refused while a `serve` holds it, unless the
 * metadata is on a PostgreSQL server (DATABASE_URL), where export and import run beside a serving
 * platform. Held blobs go to `snapshot/` in the data directory: beside `blobs/`, so a hard link.
 */
async function withSnapshotDeps<T>(
  values: ReturnType<typeof parse>['values'],
  work: (deps: SnapshotDeps) => Promise<T>,
): Promise<T> {
  const blobOptions = parseBlobOptions(values);
  const storage = await openStorage(values['data-dir'], false);
  try {
    const blobs = await openBlobs(blobOptions, storage.dataDir, systemClock);
    // Each export holds its blobs in a folder of its own there, removed when it ends; a serving platform may share the directory.
    return await work({ stores: storage.stores, blobs, scratchDir: path.join(storage.dataDir, 'snapshot') });
  } finally {
    await storage.close();
  }
}

/** `admin export --out FILE [--data-dir DIR]`: the whole state into one archive, written beside FILE first. */
export async function runExportCommand(args: string[]): Promise<object> {
  const { values, positionals } = parse(args);
  if (positionals.length)
    throw new UsageError(`admin export takes no "${positionals[0]}": name the archive with --out.`);
  const out = path.resolve(required(values.out, '--out'));
  return withSnapshotDeps(values, async (deps) => {
    // Written under another name and renamed when whole, so a failed export leaves no archive that looks good.
    const partial = `${out}.partial`;
    try {
      const summary = await exportState(deps, createWriteStream(partial));
      await rename(partial, out);
      return { out, ...summary };
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  });
}

/** `admin import FILE [--data-dir DIR]`: replaces the whole state with the archive's, all or nothing. */
export async function runImportCommand(args: string[]): Promise<object> {
  const { values, positionals } = parse(args);
  if (values.out !== undefined) throw new UsageError('admin import takes no --out: it reads the archive FILE.');
  if (positionals.length !== 1)
    throw new UsageError('admin import takes one archive FILE, as written by admin export.');
  const file = path.resolve(positionals[0]!);
  return withSnapshotDeps(values, async (deps) => ({ file, ...(await importState(deps, createReadStream(file))) }));
}

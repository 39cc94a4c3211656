import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError } from '../cli/args';
import { BLOB_FLAGS, openBlobs, parseBlobOptions } from '../cli/blob-options';
import { openStorage } from '../cli/storage';
import { systemClock } from '../config';
import type { SeedContext } from '../demo/store-file';
import { applySeed, type SeedResult } from './seed-apply';
import { parseSeedText, SeedError } from './seed-source';

/** Reads a seed file (YAML or JSON) and applies it; relative paths in it start at its folder. */
export async function applySeedFile(deps: SeedContext, file: string): Promise<SeedResult> {
  const name = path.basename(file);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new SeedError(
      [`${name}: cannot read the seed file ${file} (${(error as NodeJS.ErrnoException).code})`],
      name,
    );
  }
  const source = parseSeedText(text, name);
  return applySeed(deps, source.data, { baseDir: path.dirname(path.resolve(file)), file: name, lineOf: source.lineOf });
}

/**
 * `serve --seed FILE`: applied before the job runner resumes, so the translations it asks for are
 * among the jobs the start picks up. A bad seed stops the start with its `SeedError`.
 */
export function seedAtStart(deps: SeedContext, file: string): Promise<SeedResult> {
  return applySeedFile(deps, file);
}

/** `admin seed FILE [--data-dir DIR]`: what was added, as one JSON object. Translations run at the next start. */
export async function runSeedCommand(args: string[]): Promise<object> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: { 'data-dir': { type: 'string' }, ...BLOB_FLAGS },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/^TypeError \[[A-Z_]+\]: /, ''));
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length) throw new UsageError('admin seed takes one seed file: admin seed FILE [--data-dir DIR].');
  const blobOptions = parseBlobOptions(parsed.values);
  const storage = await openStorage(parsed.values['data-dir'], false);
  try {
    const blobs = await openBlobs(blobOptions, storage.dataDir, systemClock);
    const result = await applySeedFile({ stores: storage.stores, blobs, clock: systemClock }, file);
    return result.counts;
  } finally {
    await storage.close();
  }
}

import { randomUUID } from 'node:crypto';
import { encodeUrn } from '../../contracts/model-derivative';
import { parseObjectUrn } from '../../contracts/oss';
import type { Clock } from '../config';
import type { BlobStore } from '../storage/blobs/blob-store';
import type { Db, Queryable } from '../storage/db/db';
import { PLATFORM_CLIENT_ID } from '../storage/repos/dm-storage';
import type { Stores } from '../storage/stores';
import type { SeedTranslation } from './seed-schema';
import { jobFormats } from './seed-checks';
import type { SeedProblem } from './seed-source';

/** What one application of a seed added; all zeros when the store already held all of it. */
export interface SeedCounts {
  users: number;
  apps: number;
  hubs: number;
  projects: number;
  folders: number;
  files: number;
  versions: number;
  buckets: number;
  objects: number;
  translations: number;
}

/** One walk over the seed against the store, inside the seed's transaction. */
export interface SeedPass {
  /** Repositories over the transaction: everything they write commits or rolls back together. */
  stores: Stores;
  blobs: BlobStore;
  clock: Clock;
  baseDir: string;
  problems: SeedProblem[];
  counts: SeedCounts;
  /** Jobs recorded pending: a running platform starts them with `jobs.enqueue`, a starting one at `jobs.resume`. */
  jobIds: string[];
  /** Blobs that replaced objects and reset derivatives let go: deleted once the transaction committed. */
  freed: string[];
}

export const noCounts = (): SeedCounts => ({
  users: 0,
  apps: 0,
  hubs: 0,
  projects: 0,
  folders: 0,
  files: 0,
  versions: 0,
  buckets: 0,
  objects: 0,
  translations: 0,
});

/** Once a problem is known the transaction will roll back: bytes and jobs are no longer worth writing. */
export const isDry = (pass: SeedPass): boolean => pass.problems.length > 0;

/**
 * The transaction as a `Db`, so the repositories and helpers that open their own transaction
 * (`createProject`, `putObject`, a job on a server) join this one. None of their errors is caught
 * here, so a failed statement never leaves the outer transaction going on.
 */
export function transactionDb(tx: Queryable, kind: Db['kind']): Db {
  return {
    kind,
    query: (sql, params) => tx.query(sql, params),
    exec: (sql) => tx.exec(sql),
    transaction: (work) => work(tx),
    // Nothing is remembered inside a transaction: its reads may see its own writes.
    remember: (_key, _at, read) => read(),
    close: () => Promise.resolve(),
  };
}

/**
 * Asks for a translation as POST …/job does, without forcing it: a format already translated or
 * running is left alone. Seeded jobs count against the platform's own client, not an app's limit.
 */
export async function requestTranslation(
  pass: SeedPass,
  sourceUrn: string,
  storageUrn: string,
  translations: readonly SeedTranslation[],
  fileName: string,
): Promise<void> {
  const location = parseObjectUrn(storageUrn);
  const formats = jobFormats(translations, fileName);
  if (!location || 'problem' in formats) throw new Error(`the translation of ${sourceUrn} was not checked`);
  const id = randomUUID();
  const created = await pass.stores.mdJobs.create({
    id,
    manifest: {
      urn: encodeUrn(sourceUrn),
      sourceUrn,
      ...location,
      fileName: location.objectKey.slice(location.objectKey.lastIndexOf('/') + 1),
      rootFilename: null,
      region: 'US',
      createdAt: pass.clock.now(),
    },
    clientId: PLATFORM_CLIENT_ID,
    formats,
    force: false,
    maxLive: Number.MAX_SAFE_INTEGER,
  });
  if (created.outcome !== 'created') return;
  pass.jobIds.push(id);
  pass.freed.push(...created.freed);
  pass.counts.translations++;
}

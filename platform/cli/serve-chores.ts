import type { Logger, createApp } from '../app';
import type { Clock } from '../clock';
import { scheduleOssSweeps } from '../services/oss/sweepers';
import { analyzeStaleTables } from '../storage/db/analyze';
import type { BlobStore } from '../storage/blobs/blob-store';
import type { Stores } from '../storage/stores';
import type { ServeOptions } from './serve-options';

interface ChoreDeps {
  app: ReturnType<typeof createApp>;
  stores: Stores;
  blobs: BlobStore;
  clock: Clock;
  options: ServeOptions;
  logger: Logger;
}

/** The work a serving platform does on a timer; the function returned stops it all. */
export function scheduleServeChores({ app, stores, blobs, clock, options, logger }: ChoreDeps): () => void {
  const every = (ms: number, chore: () => Promise<unknown>, failure: string) => {
    const timer = setInterval(() => void chore().catch((error: unknown) => logger.error(failure, error)), ms);
    timer.unref();
    return timer;
  };
  // Expired uploads, retention and orphaned bytes: once at start (a crash may have left some), then every minute.
  const stopSweeps = scheduleOssSweeps({ stores, blobs, clock }, 60, (error) =>
    logger.error('oss sweep failed', error),
  );
  // Workitems past their retention (3 days after they ended) go every minute, with their reports.
  const timers = [every(60_000, () => app.workitems.sweep(), 'workitem sweep failed')];
  // The embedded database has no autovacuum: statistics of tables that grew are refreshed once the
  // platform answers (not before: a start waited 0.2-0.5 s for it), then every ten minutes.
  if (stores.db.kind === 'pglite') {
    void analyzeStaleTables(stores.db).catch((error: unknown) => logger.error('analyze failed', error));
    timers.push(every(600_000, () => analyzeStaleTables(stores.db), 'analyze failed'));
  }
  // Instances sharing a server adopt the jobs and workitems of one that died, once their leases lapse.
  // Only with --jobs in-process: with --jobs queue the workers claim both (claimWaiting does nothing here then).
  if (stores.db.kind === 'postgres') {
    const halfLease = (options.jobLeaseSeconds * 1000) / 2;
    timers.push(every(halfLease, () => app.jobs.claimWaiting(options.translation.workers), 'claiming jobs failed'));
    timers.push(
      every(halfLease, () => app.workitems.claimWaiting(options.automation.workers), 'claiming workitems failed'),
    );
  }
  return () => {
    stopSweeps();
    for (const timer of timers) clearInterval(timer);
  };
}

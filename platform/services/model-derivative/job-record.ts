import type { ManifestMessage } from '../../../contracts/model-derivative';
import type { Clock } from '../../config';
import type { BlobStore } from '../../storage/blobs/blob-store';
import type { JobRecord } from '../../storage/repos/md-records';
import type { Stores } from '../../storage/stores';
import type { TranslationResult } from '../../translation/engine-types';
import { ingestOutputs } from './ingest';

/** What recording a result needs: the runner passes its own deps. */
export interface RecordDeps {
  stores: Pick<Stores, 'db' | 'mdManifests' | 'mdJobs'>;
  blobs: BlobStore;
  clock: Clock;
}

/** The job's manifest was deleted (or the job ended elsewhere) while it ran: roll back, keep nothing. */
class JobGone extends Error {}

/**
 * The end of a successful engine run: files into the blob store, then derivatives, files and the
 * job's end in one transaction. If the manifest was deleted meanwhile, nothing is kept.
 */
export async function recordResult(
  deps: RecordDeps,
  job: JobRecord,
  outDir: string,
  result: TranslationResult,
): Promise<void> {
  const written: string[] = [];
  try {
    const at = deps.clock.now();
    const warnings: ManifestMessage[] = result.warnings;
    const ingested = await ingestOutputs(deps.blobs, outDir, result.derivatives, warnings, at, written);
    await deps.stores.db.transaction(async (tx) => {
      for (const derivative of ingested) {
        const recorded = await deps.stores.mdManifests.completeDerivative(
          tx,
          job.id,
          derivative.engine.outputType,
          derivative.engine.status,
          derivative.messages,
          derivative.files,
        );
        if (!recorded) throw new JobGone();
      }
      const failed =
        ingested.some((derivative) => derivative.engine.status === 'failed') || ingested.length < job.outputs.length;
      const missing: ManifestMessage = {
        type: 'error',
        code: 'TranslationWorker-InternalFailure',
        message: 'The engine did not produce this output.',
      };
      if (!(await deps.stores.mdJobs.finish(tx, job.id, failed ? 'failed' : 'success', at, [missing])))
        throw new JobGone();
    });
  } catch (error) {
    await freeBlobs(deps, written);
    if (!(error instanceof JobGone)) throw error;
  }
}

async function freeBlobs(deps: Pick<RecordDeps, 'blobs'>, blobIds: readonly string[]): Promise<void> {
  for (const id of blobIds) await deps.blobs.delete(id).catch(() => undefined);
}

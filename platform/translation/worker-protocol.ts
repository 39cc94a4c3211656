import type { TranslationRequest, TranslationResult } from './engine-types';

/**
 * Messages between the pool (parent) and a translation worker process, over the IPC channel.
 * `alone`: no other job runs while this one starts, so it may take both cores; `crowded`: another
 * job has started beside the running one, which gives the second core back; `warm`: run the engine on
 * a file of our own before the first job, answered by `warmed` (`ready` only says the process loaded);
 * `hurry`: a job is waiting for this warming worker, so the warm-up ends after the run under way.
 */
export type ToWorker =
  | { type: 'translate'; id: number; request: TranslationRequest; alone: boolean }
  | { type: 'crowded' }
  | { type: 'warm' }
  | { type: 'hurry' };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'warmed' }
  | { type: 'progress'; id: number; percent: number }
  | { type: 'done'; id: number; result: TranslationResult; residentMb: number }
  | { type: 'failed'; id: number; code: string; message: string; residentMb: number };

/** The code a worker reports for a failure that was not a `TranslationError` (a bug of ours, not the file's). */
export const INTERNAL_FAILURE = 'TranslationWorker-InternalFailure';

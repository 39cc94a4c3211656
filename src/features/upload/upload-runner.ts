import { realTimers, type Timers } from './backoff';
import { createLimiter } from './limiter';
import { runFile, type UploadSteps } from './run-file';
import { uploadProblem } from './upload-checks';
import type { ContentDeps, PartSender } from './signed-upload';
import { isActive, uploadActions, useUploadStore, type NewUpload } from './upload-store';

/**
 * Holds the files of the queue (the store holds only what is shown) and runs them: a few files at a
 * time, their parts bounded together by one limiter, each with its own AbortController for cancel.
 */
export interface UploadRunner {
  /** Queues files; `files[i]` belongs to `uploads[i]`. Skipped entries are shown but not sent. */
  filesDropped: (uploads: NewUpload[], files: Blob[]) => void;
  cancel: (id: string) => void;
  retry: (id: string) => void;
  /** Sends a file held for its name under the new one. */
  rename: (id: string, name: string) => void;
  /** The steps, for planning a batch (the folder's names) before it is queued. */
  steps: UploadSteps;
}

export interface RunnerOptions {
  steps: UploadSteps;
  sendPart: PartSender;
  timers?: Timers;
  /** Parts in flight over all files. */
  partsInFlight?: number;
  filesAtOnce?: number;
  /** How files are cut into parts; tests cut tiny files into several. */
  plan?: ContentDeps['plan'];
}

export function createUploadRunner({
  steps,
  sendPart,
  timers = realTimers,
  partsInFlight = 4,
  filesAtOnce = 2,
  plan,
}: RunnerOptions): UploadRunner {
  const files = new Map<string, Blob>();
  const running = new Map<string, AbortController>();
  const shared = { sendPart, timers, limiter: createLimiter(partsInFlight), parallel: partsInFlight, plan };
  const actions = uploadActions();

  const start = (id: string) => {
    const entry = useUploadStore.getState().entries.find((candidate) => candidate.id === id);
    const file = files.get(id);
    if (!entry || !file) return;
    const controller = new AbortController();
    running.set(id, controller);
    actions.uploadStarted(id, timers.now());
    runFile(entry, file, steps, shared, controller.signal)
      .then(() => files.delete(id))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        actions.fileFailed(id, error instanceof Error ? error.message : String(error));
      })
      .finally(() => {
        running.delete(id);
        pump();
      });
  };

  const pump = () => {
    const queued = useUploadStore
      .getState()
      .entries.filter((entry) => entry.status === 'queued' && !running.has(entry.id));
    for (const entry of queued.slice(0, Math.max(0, filesAtOnce - running.size))) start(entry.id);
  };

  return {
    steps,
    filesDropped: (uploads, blobs) => {
      uploads.forEach((upload, index) => {
        const blob = blobs[index];
        // A file refused before sending (empty, see upload-checks) can never go, so its blob is not kept.
        if (blob && !upload.skipped && uploadProblem(upload) !== 'empty') files.set(upload.id, blob);
      });
      actions.filesQueued(uploads, timers.now());
      pump();
    },
    cancel: (id) => {
      const entry = useUploadStore.getState().entries.find((candidate) => candidate.id === id);
      if (!entry || !isActive(entry)) return;
      actions.uploadCancelled(id);
      running.get(id)?.abort(new DOMException('The upload was cancelled.', 'AbortError'));
      pump();
    },
    rename: (id, name) => {
      actions.renamedForUpload(id, name);
      pump();
    },
    retry: (id) => {
      if (!files.has(id)) return;
      actions.retryRequested(id, timers.now());
      pump();
    },
  };
}

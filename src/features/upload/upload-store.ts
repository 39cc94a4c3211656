import { create } from 'zustand';
import type { ConflictChoice } from './conflicts';
import { uploadProblem, type UploadProblem } from './upload-checks';
import { meterAdd, newMeter, type SpeedMeter } from './speed';

/**
 * The upload queue: client state only (what is being sent, how far, what went wrong). The files
 * themselves are held by the runner; what the uploads create is server data, read through queries.
 */

export interface FolderTarget {
  kind: 'folder';
  hubId: string;
  projectId: string;
  folderId: string;
  /** Sub-folders (from a dropped folder) to create or find under `folderId`. */
  path: string[];
  /** Upload as a new version of the item with this name. */
  asVersion: boolean;
  /** What to do if the name turns out taken when the item is created. */
  onConflict: Exclude<ConflictChoice, 'skip'>;
  /** What the person said about this version, stored with it. */
  comment?: string;
}

export interface BucketTarget {
  kind: 'bucket';
  bucketKey: string;
}

/** `refused`: the service would refuse the file as it is (empty); `held`: waits for a new name. */
export type UploadStatus =
  'queued' | 'uploading' | 'finishing' | 'done' | 'failed' | 'cancelled' | 'skipped' | 'refused' | 'held';

export interface UploadResult {
  versionId?: string;
  itemId?: string;
  versionNumber?: number;
  objectId?: string;
}

export interface UploadEntry {
  id: string;
  /** The item name or object key it becomes. */
  name: string;
  size: number;
  target: FolderTarget | BucketTarget;
  status: UploadStatus;
  sentBytes: number;
  meter: SpeedMeter;
  error?: string;
  /** Why it was not sent: found before uploading, so the person can act on it. */
  problem?: UploadProblem;
  /** Carried into a retry: the same storage and upload, and the parts already sent. */
  storageId?: string;
  uploadKey?: string;
  doneParts: number[];
  /** Part attempts that failed and were retried, shown so a slow file is not a mystery. */
  partRetries: number;
  result?: UploadResult;
}

export interface NewUpload {
  id: string;
  name: string;
  size: number;
  target: FolderTarget | BucketTarget;
  skipped?: boolean;
}

/** A batch whose names are taken, waiting for the person's choice. */
export interface PendingBatch {
  conflicts: string[];
  /** Every file picked, taken names or not. */
  batchSize: number;
  decide: (choice: ConflictChoice | null) => void;
}

interface UploadActions {
  filesQueued: (uploads: NewUpload[], now: number) => void;
  uploadStarted: (id: string, now: number) => void;
  storageReserved: (id: string, storageId: string) => void;
  uploadKeyReceived: (id: string, uploadKey: string) => void;
  uploadRestarted: (id: string) => void;
  bytesSent: (id: string, delta: number, now: number) => void;
  partFinished: (id: string, partNumber: number) => void;
  partFailed: (id: string, partNumber: number) => void;
  contentSent: (id: string) => void;
  fileFinished: (id: string, result: UploadResult, name?: string) => void;
  fileFailed: (id: string, message: string) => void;
  renamedForUpload: (id: string, name: string) => void;
  uploadCancelled: (id: string) => void;
  retryRequested: (id: string, now: number) => void;
  finishedCleared: () => void;
  conflictsFound: (batch: PendingBatch | null) => void;
}

interface UploadState {
  entries: UploadEntry[];
  pendingBatch: PendingBatch | null;
  actions: UploadActions;
}

const ACTIVE: readonly UploadStatus[] = ['queued', 'uploading', 'finishing'];
export const isActive = (entry: UploadEntry) => ACTIVE.includes(entry.status);
/** Still wants something: being sent, or waiting for the person to rename it. */
export const isUnfinished = (entry: UploadEntry) => isActive(entry) || entry.status === 'held';

function queuedStatus(upload: NewUpload): Pick<UploadEntry, 'status' | 'problem'> {
  if (upload.skipped) return { status: 'skipped' };
  const problem = uploadProblem(upload);
  if (problem === 'empty') return { status: 'refused', problem };
  if (problem) return { status: 'held', problem };
  return { status: 'queued' };
}

export const useUploadStore = create<UploadState>()((set) => {
  const update = (id: string, change: (entry: UploadEntry) => Partial<UploadEntry>) =>
    set((state) => ({
      entries: state.entries.map((entry) => (entry.id === id ? { ...entry, ...change(entry) } : entry)),
    }));
  return {
    entries: [],
    pendingBatch: null,
    actions: {
      filesQueued: (uploads, now) =>
        set((state) => ({
          entries: [
            ...state.entries,
            ...uploads.map((upload): UploadEntry => ({
              id: upload.id,
              name: upload.name,
              size: upload.size,
              target: upload.target,
              ...queuedStatus(upload),
              sentBytes: 0,
              meter: newMeter(now),
              doneParts: [],
              partRetries: 0,
            })),
          ],
        })),
      uploadStarted: (id, now) => update(id, () => ({ status: 'uploading', error: undefined, meter: newMeter(now) })),
      storageReserved: (id, storageId) => update(id, () => ({ storageId })),
      uploadKeyReceived: (id, uploadKey) => update(id, () => ({ uploadKey })),
      uploadRestarted: (id) => update(id, () => ({ uploadKey: undefined, doneParts: [], sentBytes: 0 })),
      bytesSent: (id, delta, now) =>
        update(id, (entry) => ({
          sentBytes: Math.max(0, Math.min(entry.size, entry.sentBytes + delta)),
          meter: meterAdd(entry.meter, delta, now),
        })),
      partFinished: (id, partNumber) => update(id, (entry) => ({ doneParts: [...entry.doneParts, partNumber] })),
      partFailed: (id) => update(id, (entry) => ({ partRetries: entry.partRetries + 1 })),
      contentSent: (id) => update(id, (entry) => ({ status: 'finishing', sentBytes: entry.size })),
      fileFinished: (id, result, name) =>
        update(id, (entry) => ({ status: 'done', result, name: name ?? entry.name, sentBytes: entry.size })),
      fileFailed: (id, message) => update(id, () => ({ status: 'failed', error: message })),
      renamedForUpload: (id, name) =>
        update(id, (entry) => (entry.status === 'held' ? { status: 'queued', name, problem: undefined } : {})),
      uploadCancelled: (id) => update(id, (entry) => (isActive(entry) ? { status: 'cancelled' } : {})),
      retryRequested: (id, now) =>
        update(id, (entry) =>
          entry.status === 'failed' || entry.status === 'cancelled'
            ? { status: 'queued', error: undefined, meter: newMeter(now) }
            : {},
        ),
      finishedCleared: () => set((state) => ({ entries: state.entries.filter(isUnfinished) })),
      conflictsFound: (pendingBatch) => set({ pendingBatch }),
    },
  };
});

export const useUploadEntries = () => useUploadStore((state) => state.entries);
export const usePendingBatch = () => useUploadStore((state) => state.pendingBatch);
export const useUploadsRunning = () => useUploadStore((state) => state.entries.some(isActive));
export const useUploadActions = () => useUploadStore((state) => state.actions);
export const uploadActions = () => useUploadStore.getState().actions;

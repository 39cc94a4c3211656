import type { CompleteS3UploadBody, SignedS3UploadResponse } from '../../../contracts/oss';
import { parseObjectUrn } from '../../../contracts/oss';
import { ApiError } from '../../api/http';
import { keepBothName } from './conflicts';
import { uploadContent, type ContentDeps, type SignRequest } from './signed-upload';
import type { FolderTarget, UploadEntry, UploadResult } from './upload-store';
import { uploadActions } from './upload-store';

/** The platform calls one upload makes, injected so the steps are tested without a network. */
export interface UploadSteps {
  /** The id of `target.folderId`/`…target.path`, creating the sub-folders a dropped folder needs. */
  resolveFolder: (target: FolderTarget, signal: AbortSignal) => Promise<string>;
  createStorage: (projectId: string, folderId: string, name: string, signal: AbortSignal) => Promise<string>;
  sign: (
    bucketKey: string,
    objectKey: string,
    request: SignRequest,
    signal: AbortSignal,
  ) => Promise<SignedS3UploadResponse>;
  complete: (bucketKey: string, objectKey: string, body: CompleteS3UploadBody, signal: AbortSignal) => Promise<unknown>;
  /** Completes an object of the bucket manager, whose listings then refresh. */
  completeObject: (
    bucketKey: string,
    objectKey: string,
    body: CompleteS3UploadBody,
    signal: AbortSignal,
  ) => Promise<{ objectId: string }>;
  /** Item names (lower-cased) of a folder, with their ids. */
  itemsByName: (projectId: string, folderId: string, signal: AbortSignal) => Promise<Map<string, string>>;
  createItem: (
    target: FolderTarget,
    folderId: string,
    name: string,
    storageId: string,
    signal: AbortSignal,
  ) => Promise<UploadResult>;
  createVersion: (
    target: FolderTarget,
    folderId: string,
    itemId: string,
    name: string,
    storageId: string,
    signal: AbortSignal,
  ) => Promise<UploadResult>;
}

export type SharedContentDeps = Omit<ContentDeps, 'sign'>;

const PROGRESS_MS = 100;

const aborted = (signal: AbortSignal) => {
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');
};

/**
 * One file, start to end: (1) storage, (2) content, then (3) an item or (4) a version. Nothing is
 * created after a cancel: each step checks the signal before it starts, and an abandoned upload is
 * swept by the platform. A retry passes the same entry back: its storage, uploadKey and finished parts.
 */
export async function runFile(
  entry: UploadEntry,
  file: Blob,
  steps: UploadSteps,
  shared: SharedContentDeps,
  signal: AbortSignal,
): Promise<void> {
  const actions = uploadActions();
  const { target } = entry;
  let bucketKey: string;
  let objectKey: string;
  let folderId = '';
  let storageId = '';
  if (target.kind === 'folder') {
    folderId = await steps.resolveFolder(target, signal);
    aborted(signal);
    storageId = entry.storageId ?? (await steps.createStorage(target.projectId, folderId, entry.name, signal));
    actions.storageReserved(entry.id, storageId);
    const parsed = parseObjectUrn(storageId);
    if (!parsed) throw new Error(`The platform gave storage that is not an object id: ${storageId}`);
    ({ bucketKey, objectKey } = parsed);
  } else {
    bucketKey = target.bucketKey;
    objectKey = entry.name;
  }
  aborted(signal);

  // Progress events come many times a second for every part in flight: the store (and so the panel)
  // hears of them at most every PROGRESS_MS, which keeps the tab's CPU on the upload.
  let pendingBytes = 0;
  let flushedAt = shared.timers.now();
  const flush = () => {
    if (pendingBytes !== 0) actions.bytesSent(entry.id, pendingBytes, shared.timers.now());
    pendingBytes = 0;
    flushedAt = shared.timers.now();
  };
  const content = await uploadContent(
    file,
    { uploadKey: entry.uploadKey, doneParts: new Set(entry.doneParts) },
    { ...shared, sign: (request, inner) => steps.sign(bucketKey, objectKey, request, inner) },
    {
      uploadStarted: (key) => actions.uploadKeyReceived(entry.id, key),
      uploadRestarted: () => actions.uploadRestarted(entry.id),
      partFinished: (part) => {
        flush();
        actions.partFinished(entry.id, part);
      },
      partFailed: (part) => actions.partFailed(entry.id, part),
      bytesSent: (delta) => {
        pendingBytes += delta;
        if (shared.timers.now() - flushedAt >= PROGRESS_MS) flush();
      },
    },
    signal,
  ).finally(flush);
  aborted(signal);
  actions.contentSent(entry.id);
  const body = { uploadKey: content.uploadKey, size: content.size };

  if (target.kind === 'bucket') {
    const object = await steps.completeObject(bucketKey, objectKey, body, signal);
    actions.fileFinished(entry.id, { objectId: object.objectId });
    return;
  }
  await steps.complete(bucketKey, objectKey, body, signal);
  aborted(signal);
  const { result, name } = await commit(entry.name, target, folderId, storageId, steps, signal);
  actions.fileFinished(entry.id, result, name);
}

/** Steps 3 and 4. A name taken since the batch was planned (or by another person) follows the batch's choice. */
async function commit(
  name: string,
  target: FolderTarget,
  folderId: string,
  storageId: string,
  steps: UploadSteps,
  signal: AbortSignal,
): Promise<{ result: UploadResult; name: string }> {
  const asVersion = async () => {
    const items = await steps.itemsByName(target.projectId, folderId, signal);
    const itemId = items.get(name.toLowerCase());
    aborted(signal);
    return itemId
      ? { result: await steps.createVersion(target, folderId, itemId, name, storageId, signal), name }
      : null;
  };
  if (target.asVersion) {
    const made = await asVersion();
    if (made) return made;
  }
  try {
    return { result: await steps.createItem(target, folderId, name, storageId, signal), name };
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    aborted(signal);
    if (target.onConflict === 'new-version') {
      const made = await asVersion();
      if (made) return made;
      throw error;
    }
    const taken = new Set((await steps.itemsByName(target.projectId, folderId, signal)).keys());
    const renamed = keepBothName(name, taken);
    aborted(signal);
    return { result: await steps.createItem(target, folderId, renamed, storageId, signal), name: renamed };
  }
}

import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { ManifestMessage } from '../../../contracts/model-derivative';
import type { BlobStore } from '../../storage/blobs/blob-store';
import type { FileRecord } from '../../storage/repos/md-records';
import type { EngineDerivative, EngineFile, EngineView } from '../../translation/engine-types';

export type NewFile = Omit<FileRecord, 'derivativeId'>;

/** A derivative's stored files, as the job records them. */
export interface IngestedDerivative {
  engine: EngineDerivative;
  files: NewFile[];
  messages: ManifestMessage[];
}

/**
 * Moves every file the engine wrote into the blob store (the store writes a temporary file, fsyncs
 * and renames it, so a recorded file is durable). `written` collects the blob ids as they land, so
 * the caller can free them if recording fails.
 */
export async function ingestOutputs(
  blobs: BlobStore,
  outDir: string,
  derivatives: readonly EngineDerivative[],
  warnings: readonly ManifestMessage[],
  at: Date,
  written: string[],
): Promise<IngestedDerivative[]> {
  // Many files at once: each waits on two fsyncs (the file, its directory), and one after another
  // they were most of a small job's time from the engine's end to the manifest's `success`.
  // All settle before a failure is thrown, so `written` holds every blob the caller must free.
  const wanted = derivatives.map((engine) =>
    engine.status !== 'success'
      ? []
      : [
          ...engine.views.flatMap((view) => view.files.map((file) => ({ file, view }))),
          ...engine.files.map((file) => ({ file, view: undefined })),
        ],
  );
  const stored = await settleAll(wanted.flat(), STORE_CONCURRENCY, ({ file, view }) =>
    store(blobs, outDir, file, view, at, written),
  );
  const failed = stored.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  const files = stored.map((outcome) => (outcome as PromiseFulfilledResult<NewFile>).value);
  let next = 0;
  return derivatives.map((engine, index) => {
    const own = files.slice(next, (next += wanted[index]!.length));
    return { engine, files: own, messages: [...warnings, ...engine.messages] };
  });
}

/**
 * Files stored at once, at most: a job's few files all go together, while an output written as one
 * file per component (stl or obj with `exportFileStructure: multiple`) can hold thousands, each an
 * open file to read and one to write, past a process's limit of open files if all were at once.
 */
const STORE_CONCURRENCY = 64;

/** `Promise.allSettled` of `work` over `items`, in their order, with at most `limit` running at once. */
async function settleAll<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = [];
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < items.length; index = next++) {
      results[index] = await work(items[index]!).then(
        (value): PromiseFulfilledResult<R> => ({ status: 'fulfilled', value }),
        (reason: unknown): PromiseRejectedResult => ({ status: 'rejected', reason }),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

async function store(
  blobs: BlobStore,
  outDir: string,
  file: EngineFile,
  view: EngineView | undefined,
  at: Date,
  written: string[],
): Promise<NewFile> {
  const source = path.resolve(outDir, file.path);
  // The path names a derivative URN and a file to read: it must stay inside the job's folder.
  if (!source.startsWith(path.resolve(outDir) + path.sep) || file.path.includes('\\'))
    throw new Error(`The engine wrote outside its folder: ${file.path}`);
  const blob = await blobs.write(createReadStream(source), { maxBytes: Number.MAX_SAFE_INTEGER });
  written.push(blob.id);
  return {
    path: file.path,
    blobId: blob.id,
    role: file.role,
    mime: file.mime,
    size: blob.size,
    sha1: blob.sha1,
    viewGuid: view?.guid ?? null,
    viewName: view?.name ?? null,
    viewRole: view?.role ?? null,
    resolution: file.resolution?.[0] ?? null,
    createdAt: at,
  };
}

import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { ManifestMessage } from '../../../contracts/model-derivative';
import type { BlobStore } from '../../storage/blobs/blob-store';
import type { FileRecord } from '../../storage/repos/md-manifests';
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
export async function ingestOutputs(blobs: BlobStore, outDir: string, derivatives: readonly EngineDerivative[], warnings: readonly ManifestMessage[], at: Date, written: string[]): Promise<IngestedDerivative[]> {
  const ingested: IngestedDerivative[] = [];
  for (const engine of derivatives) {
    const files: NewFile[] = [];
    if (engine.status === 'success') {
      for (const view of engine.views) for (const file of view.files) files.push(await store(blobs, outDir, file, view, at, written));
      for (const file of engine.files) files.push(await store(blobs, outDir, file, undefined, at, written));
    }
    ingested.push({ engine, files, messages: [...warnings, ...engine.messages] });
  }
  return ingested;
}

async function store(blobs: BlobStore, outDir: string, file: EngineFile, view: EngineView | undefined, at: Date, written: string[]): Promise<NewFile> {
  const source = path.resolve(outDir, file.path);
  // The path names a derivative URN and a file to read: it must stay inside the job's folder.
  if (!source.startsWith(path.resolve(outDir) + path.sep) || file.path.includes('\\')) throw new Error(`The engine wrote outside its folder: ${file.path}`);
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

import { conflictsOf, planNames, type ConflictChoice } from './conflicts';
import type { UploadSteps } from './run-file';
import type { FolderTarget, NewUpload } from './upload-store';

/** A file picked or dropped, with the sub-folders (of a dropped folder) it goes into. */
export interface PickedFile {
  file: Blob;
  name: string;
  path: string[];
}

export interface FolderPlace {
  hubId: string;
  projectId: string;
  folderId: string;
}

/** Asks the person, once for the batch, what to do with the names taken; null when they call it off. */
/** `batchSize` counts every file picked, so the dialog can say whether the others still go. */
export type AskConflicts = (names: string[], batchSize: number) => Promise<ConflictChoice | null>;

let counter = 0;
const newId = () => `upload-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/**
 * Turns picked files into queue entries. Only files for the folder itself can clash with its items
 * (those of a dropped folder go into sub-folders, where a clash becomes a new version). Taken names are
 * asked about once, whether one file was picked or many: a new version is not made silently.
 */
export async function planBatch(
  picked: PickedFile[],
  place: FolderPlace,
  steps: UploadSteps,
  ask: AskConflicts,
  signal: AbortSignal,
  comment?: string,
): Promise<{ uploads: NewUpload[]; files: Blob[] } | null> {
  const top = picked.filter((file) => file.path.length === 0);
  const existing = top.length
    ? new Set((await steps.itemsByName(place.projectId, place.folderId, signal)).keys())
    : new Set<string>();
  const clashes = conflictsOf(
    top.map((file) => file.name),
    existing,
  );
  let choice: ConflictChoice = 'new-version';
  if (clashes.length) {
    const asked = await ask(clashes, picked.length);
    if (asked === null) return null;
    choice = asked;
  }
  const planned = planNames(
    top.map((file) => file.name),
    existing,
    choice,
  );
  const target = (path: string[], asVersion: boolean): FolderTarget => ({
    kind: 'folder',
    ...place,
    path,
    asVersion,
    onConflict: choice === 'keep-both' ? 'keep-both' : 'new-version',
    ...(comment ? { comment } : {}),
  });
  let topIndex = 0;
  const uploads = picked.map((file): NewUpload => {
    if (file.path.length > 0)
      return { id: newId(), name: file.name, size: file.file.size, target: target(file.path, false) };
    const plan = planned[topIndex++] ?? { name: file.name, asVersion: false, skip: false };
    return {
      id: newId(),
      name: plan.name,
      size: file.file.size,
      target: target([], plan.asVersion),
      skipped: plan.skip,
    };
  });
  return { uploads, files: picked.map((file) => file.file) };
}

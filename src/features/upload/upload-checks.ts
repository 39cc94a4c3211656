import type { NewUpload } from './upload-store';

/** The Data Management service refuses item names longer than this (its error: "must be at most 255 characters"). */
export const MAX_ITEM_NAME = 255;

export type UploadProblem = 'empty' | 'name-too-long';

/**
 * What would make the service refuse a file, found before any byte is sent. Only folder uploads are
 * checked: Autodesk Docs refuses empty files and long names, while an OSS bucket takes both.
 */
export function uploadProblem(upload: Pick<NewUpload, 'name' | 'size' | 'target'>): UploadProblem | undefined {
  if (upload.target.kind !== 'folder') return undefined;
  if (upload.size === 0) return 'empty';
  if (upload.name.trim().length > MAX_ITEM_NAME) return 'name-too-long';
  return undefined;
}

/** The name cut to fit, keeping its extension so the file still opens and translates as the same type. */
export function shortenedName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= MAX_ITEM_NAME) return trimmed;
  const dot = trimmed.lastIndexOf('.');
  const ext = dot > 0 && trimmed.length - dot <= 16 ? trimmed.slice(dot) : '';
  return trimmed.slice(0, MAX_ITEM_NAME - ext.length).trimEnd() + ext;
}

export const PROBLEM_TEXT: Record<UploadProblem, string> = {
  empty:
    'Not uploaded: the file is empty (0 bytes), and Autodesk Docs refuses empty files. Check the file and upload it again.',
  'name-too-long': `Not uploaded yet: names can be at most ${MAX_ITEM_NAME} characters. Choose a shorter name to upload it.`,
};

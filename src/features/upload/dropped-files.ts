import type { PickedFile } from './plan-batch';

/**
 * The files of a drop, folders walked recursively through the File and Directory Entries API (the
 * only way a browser hands over a dropped folder's contents). Each file keeps the folder path it
 * sits at below the drop, so the upload recreates the tree.
 */
export async function droppedFiles(transfer: DataTransfer): Promise<PickedFile[]> {
  // Entries must be taken while the drop event runs: the DataTransfer empties afterwards.
  const entries = [...transfer.items].map((item) => (item.kind === 'file' ? item.webkitGetAsEntry() : null));
  if (!entries.some(Boolean)) return [...transfer.files].map((file) => ({ file, name: file.name, path: [] }));
  const picked: PickedFile[] = [];
  for (const entry of entries) if (entry) await walk(entry, [], picked);
  return picked;
}

async function walk(entry: FileSystemEntry, path: string[], into: PickedFile[]): Promise<void> {
  if (isFile(entry)) {
    const file = await new Promise<File>((resolve, reject) => entry.file(resolve, reject));
    into.push({ file, name: file.name, path });
    return;
  }
  if (!isDirectory(entry)) return;
  const reader = entry.createReader();
  // readEntries answers in batches (100 in Chromium) until it answers an empty one.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return;
    for (const child of batch) await walk(child, [...path, entry.name], into);
  }
}

const isFile = (entry: FileSystemEntry): entry is FileSystemFileEntry => entry.isFile;
const isDirectory = (entry: FileSystemEntry): entry is FileSystemDirectoryEntry => entry.isDirectory;

import { unzipSync } from 'fflate';
import { TranslationError } from './model';
import type { SourceFiles } from './readers/index';

export const MAX_ZIP_ENTRIES = 10_000;
export const DEFAULT_MAX_UNZIPPED_BYTES = 2 * 1024 ** 3;

const invalid = (message: string) => new TranslationError('TranslationWorker-InvalidZip', message);

/**
 * The file to translate out of an uploaded zip, with every other file beside it (an OBJ's MTL, a
 * glTF's buffers). Entry names, count and sizes are checked from the central directory before a byte
 * is inflated, so a zip bomb or a `../` name is refused instead of filling the worker's memory or disk.
 */
export function openZipSource(
  bytes: Uint8Array,
  rootFilename: string,
  maxUnzippedBytes = DEFAULT_MAX_UNZIPPED_BYTES,
): SourceFiles {
  if (!rootFilename)
    throw invalid('The source is a zip: the job must name the file inside it to translate (rootFilename).');
  const entries: Array<{ name: string; size: number }> = [];
  try {
    // First pass: the filter sees each central-directory entry and declines it, so nothing is inflated.
    unzipSync(bytes, {
      filter: (file) => {
        entries.push({ name: file.name, size: file.originalSize });
        if (entries.length > MAX_ZIP_ENTRIES)
          throw invalid(`The zip has more than ${MAX_ZIP_ENTRIES.toLocaleString('en-US')} entries.`);
        return false;
      },
    });
  } catch (error) {
    if (error instanceof TranslationError) throw error;
    throw invalid(`The zip could not be read: ${error instanceof Error ? error.message : String(error)}.`);
  }
  const unsafe = entries.find((entry) => !isSafeName(entry.name));
  if (unsafe) throw invalid(`The zip holds an entry whose name leaves its folder: ${JSON.stringify(unsafe.name)}.`);
  const total = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (total > maxUnzippedBytes)
    throw invalid(`The zip unpacks to ${formatBytes(total)}, more than the limit of ${formatBytes(maxUnzippedBytes)}.`);

  const files = entries.filter((entry) => !entry.name.endsWith('/'));
  const wanted = normalise(rootFilename);
  const root =
    files.find((entry) => normalise(entry.name) === wanted) ??
    files.find((entry) => normalise(entry.name).toLowerCase() === wanted.toLowerCase());
  if (!root) {
    const some = files
      .slice(0, 5)
      .map((entry) => entry.name)
      .join(', ');
    throw invalid(
      `The zip has no file ${JSON.stringify(rootFilename)}${files.length ? `; it holds ${some}${files.length > 5 ? ` and ${files.length - 5} more` : ''}` : '; it is empty'}.`,
    );
  }

  let unpacked: Record<string, Uint8Array>;
  try {
    unpacked = unzipSync(bytes, { filter: (file) => !file.name.endsWith('/') });
  } catch (error) {
    throw invalid(`The zip could not be unpacked: ${error instanceof Error ? error.message : String(error)}.`);
  }
  // Siblings are named relative to the root file's folder, as the root file refers to them.
  const folder = normalise(root.name).replace(/[^/]*$/, '');
  const siblings = new Map<string, Uint8Array>();
  for (const [name, content] of Object.entries(unpacked)) {
    if (name === root.name) continue;
    const path = normalise(name);
    siblings.set(folder && path.startsWith(folder) ? path.slice(folder.length) : path, content);
  }
  const rootBytes = unpacked[root.name];
  if (!rootBytes) throw invalid(`The zip entry ${JSON.stringify(root.name)} could not be unpacked.`);
  return { fileName: root.name.split('/').pop() ?? root.name, bytes: rootBytes, siblings };
}

const normalise = (name: string) => name.replace(/\\/g, '/').replace(/^(\.\/)+/, '');

function isSafeName(name: string): boolean {
  const path = name.replace(/\\/g, '/');
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path) || path.includes('\0')) return false;
  return !path.split('/').includes('..');
}

const formatBytes = (bytes: number) =>
  bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toFixed(1)} GiB`
    : bytes >= 1024 ** 2
      ? `${(bytes / 1024 ** 2).toFixed(1)} MiB`
      : `${bytes.toLocaleString('en-US')} bytes`;

import { closeSync, constants, mkdirSync, openSync, writeSync } from 'node:fs';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Unzip, UnzipInflate, UnzipPassThrough, type UnzipFile } from 'fflate';

export interface UnzipLimits {
  /** Bytes once decompressed, counted as they come out (not as the zip claims). */
  maxBytes: number;
  maxEntries: number;
}

export class UnzipError extends Error {
  constructor(
    message: string,
    /** True when a limit stopped it (a zip bomb, or simply too much): a data-size failure, not a broken zip. */
    readonly overLimit = false,
  ) {
    super(message);
    this.name = 'UnzipError';
  }
}

/** An entry's path inside `target`, or an error for one that would leave it (zip-slip) or is no file name. */
export function entryPath(target: string, name: string): string {
  const normal = name.replaceAll('\\', '/');
  if (
    // eslint-disable-next-line no-control-regex
    /[\x00-\x1f]/.test(normal) ||
    normal.startsWith('/') ||
    /^[a-zA-Z]:/.test(normal) ||
    normal.split('/').includes('..')
  ) {
    throw new UnzipError(
      `The zip holds an entry whose name leaves its folder or is not a file name: ${JSON.stringify(name)}.`,
    );
  }
  const resolved = path.resolve(target, normal);
  const inside = path.relative(target, resolved);
  if (inside.startsWith('..') || path.isAbsolute(inside))
    throw new UnzipError(`The zip entry ${JSON.stringify(name)} leaves its folder.`);
  return resolved;
}

const WRITE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;

/**
 * Extracts `zipPath` into `target`, streaming: entries are written as they inflate, never held
 * whole. Only files and folders come out (no links); a limit reached stops it with what was
 * written left for the caller to remove with its folder.
 */
export async function safeUnzip(
  zipPath: string,
  target: string,
  limits: UnzipLimits,
): Promise<{ files: number; bytes: number }> {
  mkdirSync(target, { recursive: true });
  let entries = 0;
  let files = 0;
  let bytes = 0;
  let failure: Error | undefined;
  const open = new Set<number>();
  const unzip = new Unzip((file: UnzipFile) => {
    if (failure) return;
    try {
      entries += 1;
      if (entries > limits.maxEntries)
        throw new UnzipError(`The zip holds more than ${limits.maxEntries} entries.`, true);
      const destination = entryPath(target, file.name);
      if (file.name.endsWith('/')) {
        mkdirSync(destination, { recursive: true });
        return;
      }
      mkdirSync(path.dirname(destination), { recursive: true });
      const fd = openSync(destination, WRITE_NEW, 0o644);
      open.add(fd);
      files += 1;
      file.ondata = (error, chunk, final) => {
        if (failure) return;
        if (error) failure = new UnzipError(`The zip entry ${JSON.stringify(file.name)} is damaged: ${error.message}`);
        else {
          bytes += chunk.length;
          if (bytes > limits.maxBytes)
            failure = new UnzipError(`The zip holds more than ${limits.maxBytes} bytes once decompressed.`, true);
          else writeSync(fd, chunk);
        }
        if (final || failure) {
          open.delete(fd);
          closeSync(fd);
        }
      };
      file.start();
    } catch (error) {
      failure =
        error instanceof UnzipError
          ? error
          : new UnzipError(`The zip could not be extracted: ${(error as Error).message}`);
    }
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  try {
    for await (const chunk of createReadStream(zipPath, { highWaterMark: 1 << 16 }) as AsyncIterable<Buffer>) {
      unzip.push(chunk);
      if (failure) break;
    }
    if (!failure) unzip.push(new Uint8Array(0), true);
  } catch (error) {
    failure ??= new UnzipError(`The file is not a zip that can be read: ${(error as Error).message}`);
  } finally {
    for (const fd of open) closeSync(fd);
  }
  if (failure) throw failure;
  if (entries === 0) throw new UnzipError('The zip is empty, or not a zip.');
  return { files, bytes };
}

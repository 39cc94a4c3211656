import { createReadStream } from 'node:fs';
import { lstat, open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { Zip, ZipDeflate } from 'fflate';

/** Files of a folder, relative, found without following links (a link could point anywhere). */
export async function listFiles(root: string): Promise<string[]> {
  const files: string[] = [];
  const walk = async (relative: string) => {
    for (const entry of await readdir(path.join(root, relative), { withFileTypes: true })) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(name);
      else if (entry.isFile()) files.push(name);
    }
  };
  await walk('');
  return files.sort();
}

/** Bytes of the regular files under `root`, links not followed; a missing folder has none. */
export async function folderBytes(root: string): Promise<number> {
  let total = 0;
  const walk = async (dir: string) => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile())
        total += await lstat(full).then(
          (stats) => stats.size,
          () => 0,
        );
    }
  };
  await walk(root);
  return total;
}

export class ZipTooLargeError extends Error {}

/**
 * Zips the regular files under `folder` into `zipPath`, streaming each file through deflate (links
 * are left out). Stops with `ZipTooLargeError` once the zip would pass `maxBytes`.
 */
export async function zipFolder(folder: string, zipPath: string, maxBytes = Number.POSITIVE_INFINITY): Promise<number> {
  const out = await open(zipPath, 'w');
  let written = 0;
  let pending = Promise.resolve();
  let failure: Error | undefined;
  const zip = new Zip((error, chunk) => {
    if (error) failure ??= error;
    if (failure) return;
    written += chunk.length;
    if (written > maxBytes)
      failure = new ZipTooLargeError(`The zip of ${path.basename(folder)} is larger than ${maxBytes} bytes.`);
    else pending = pending.then(() => out.write(chunk).then(() => undefined));
  });
  try {
    for (const name of await listFiles(folder)) {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      for await (const chunk of createReadStream(path.join(folder, name), {
        highWaterMark: 1 << 16,
      }) as AsyncIterable<Buffer>) {
        entry.push(chunk);
        if (failure) throw failure;
        await pending;
      }
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
    await pending;
    if (failure) throw failure;
    return written;
  } finally {
    await out.close();
  }
}

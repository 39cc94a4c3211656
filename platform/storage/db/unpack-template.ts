import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const BLOCK = 512;
const decoder = new TextDecoder();
const field = (header: Uint8Array, start: number, length: number) =>
  decoder.decode(header.subarray(start, start + length)).replace(/\0.*$/s, '');

/**
 * Writes the kept template (the tar PGlite's `dumpDataDir` makes: ustar, plain files and folders) into
 * `dir` with Node's own file system. PGlite's `loadDataDir` unpacks it through its WebAssembly
 * memory, which grows by the tar's size and never shrinks: 1.5 s and about 100 MB of every new
 * data directory's start (bench/RESULTS.md, platform-package). Throws on anything else in it.
 */
export async function unpackTemplate(tar: Uint8Array, dir: string): Promise<void> {
  const root = path.resolve(dir);
  await mkdir(root, { recursive: true });
  for (let at = 0; at + BLOCK <= tar.length;) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) return;
    const name = [field(header, 345, 155), field(header, 0, 100)].filter(Boolean).join('/');
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const target = path.resolve(root, `.${path.posix.resolve('/', name)}`);
    if (!target.startsWith(root)) throw new Error(`The template names a path outside its folder: ${name}`);
    at += BLOCK;
    if (type === '5') await mkdir(target, { recursive: true });
    else if (type === '0' || type === '\0') {
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, tar.subarray(at, at + size));
    } else throw new Error(`The template holds an entry of type "${type}" (${name}), not a file or folder.`);
    at += Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new Error('The template ends early.');
}

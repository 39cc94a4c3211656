import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { safeUnzip, UnzipError } from './safe-unzip';
import { scratch } from '../testing/automation/run-harness';
import { zipFolder } from './zip-folder';

const text = (value: string) => new TextEncoder().encode(value);
const limits = { maxBytes: 1 << 20, maxEntries: 100 };

describe('zips in and out of the job folder', () => {
  let dirs: Awaited<ReturnType<typeof scratch>>;
  beforeEach(async () => {
    dirs = await scratch();
  });
  afterEach(async () => {
    await dirs.remove();
  });

  async function zipFile(entries: Record<string, Uint8Array>, level: 0 | 9 = 9): Promise<string> {
    const file = path.join(dirs.root, 'input.zip');
    await writeFile(file, zipSync(entries, { level }));
    return file;
  }

  it('extracts files and folders, stored or deflated', async () => {
    const stored = await zipFile(
      { 'model/a.txt': text('alpha'), 'model/deep/b.txt': text('beta'), 'empty/': new Uint8Array(0) },
      0,
    );
    expect(await safeUnzip(stored, path.join(dirs.jobDir, 'stored'), limits)).toEqual({ files: 2, bytes: 9 });
    const deflated = await zipFile({ 'model/a.txt': text('alpha'.repeat(100)) });
    await safeUnzip(deflated, path.join(dirs.jobDir, 'deflated'), limits);
    expect(await readFile(path.join(dirs.jobDir, 'stored/model/deep/b.txt'), 'utf8')).toBe('beta');
    expect(existsSync(path.join(dirs.jobDir, 'stored/empty'))).toBe(true);
    expect(await readFile(path.join(dirs.jobDir, 'deflated/model/a.txt'), 'utf8')).toBe('alpha'.repeat(100));
  });

  it.each([
    '../escaped.txt',
    'a/../../escaped.txt',
    '/escaped.txt',
    'C:/escaped.txt',
    '..\\escaped.txt',
    'nul\u0000.txt',
  ])('refuses an entry named %j (zip-slip) and writes nothing outside', async (name) => {
    const file = await zipFile({ [name]: text('out') });
    const failure = await safeUnzip(file, path.join(dirs.jobDir, 'in'), limits).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UnzipError);
    expect((failure as UnzipError).overLimit).toBe(false);
    expect(existsSync(path.join(dirs.root, 'escaped.txt'))).toBe(false);
    expect(existsSync(path.join(dirs.jobDir, 'escaped.txt'))).toBe(false);
  });

  it('stops a zip bomb by the bytes that come out, not the sizes it claims', async () => {
    const bytes = zipSync({ 'zeros.bin': new Uint8Array(8 << 20) });
    // The local header and the central directory claim 10 bytes once decompressed.
    const view = new DataView(bytes.buffer);
    view.setUint32(22, 10, true);
    const central = bytes.findIndex((_, at) => view.getUint32(at, true) === 0x02014b50);
    view.setUint32(central + 24, 10, true);
    const file = path.join(dirs.root, 'bomb.zip');
    await writeFile(file, bytes);
    const failure = await safeUnzip(file, path.join(dirs.jobDir, 'bomb'), limits).catch((error: unknown) => error);
    expect(failure).toMatchObject({ overLimit: true, message: expect.stringMatching(/more than 1048576 bytes/) });
  });

  it('stops a zip with too many entries', async () => {
    const file = await zipFile(Object.fromEntries(Array.from({ length: 101 }, (_, n) => [`f${n}.txt`, text('x')])));
    await expect(safeUnzip(file, path.join(dirs.jobDir, 'many'), limits)).rejects.toMatchObject({ overLimit: true });
  });

  it('refuses a file that is no zip', async () => {
    const file = path.join(dirs.root, 'not.zip');
    await writeFile(file, 'plain text');
    await expect(safeUnzip(file, path.join(dirs.jobDir, 'x'), limits)).rejects.toBeInstanceOf(UnzipError);
  });

  it("zips a folder's files and leaves links out", async () => {
    const folder = path.join(dirs.jobDir, 'out');
    await mkdir(path.join(folder, 'sub'), { recursive: true });
    await writeFile(path.join(folder, 'a.txt'), 'alpha');
    await writeFile(path.join(folder, 'sub/b.txt'), 'beta');
    await writeFile(path.join(dirs.root, 'secret.txt'), 'secret');
    await symlink(path.join(dirs.root, 'secret.txt'), path.join(folder, 'link.txt'));
    const zipPath = path.join(dirs.root, 'out.zip');
    await zipFolder(folder, zipPath);
    const entries = unzipSync(await readFile(zipPath));
    expect(Object.keys(entries).sort()).toEqual(['a.txt', 'sub/b.txt']);
    expect(new TextDecoder().decode(entries['sub/b.txt'])).toBe('beta');
  });
});

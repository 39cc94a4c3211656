import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tarEnd, tarHeader, tarPadding } from '../../snapshot/tar';
import { unpackTemplate } from './unpack-template';

const MTIME = new Date('2026-12-07T00:00:00Z');
const text = new TextEncoder();

function entry(name: string, body = '', type = '0'): Uint8Array[] {
  const bytes = text.encode(body);
  const header = tarHeader(name, bytes.length, MTIME);
  header[156] = type.charCodeAt(0);
  // The checksum again, over the changed type.
  header.fill(0x20, 148, 156);
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.set(text.encode(`${sum.toString(8).padStart(6, '0')}\0 `), 148);
  return [header, bytes, tarPadding(bytes.length)];
}
const tar = (...parts: Uint8Array[][]) => Buffer.concat([...parts.flat(), tarEnd()]);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-unpack-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the kept template, unpacked with Node', () => {
  it('writes its folders and files, PGlite’s leading slash and all', async () => {
    await unpackTemplate(
      tar(entry('/PG_VERSION', '17\n'), entry('/base', '', '5'), entry('/base/1/112', 'x'.repeat(700))),
      dir,
    );
    expect(await readFile(path.join(dir, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect((await stat(path.join(dir, 'base'))).isDirectory()).toBe(true);
    expect((await readFile(path.join(dir, 'base/1/112'), 'utf8')).length).toBe(700);
  });

  it('refuses a path out of its folder, a link, and an archive cut short', async () => {
    await expect(unpackTemplate(tar(entry('../escaped', 'x')), dir)).resolves.toBeUndefined();
    await expect(stat(path.join(dir, '..', 'escaped'))).rejects.toThrow();
    await expect(unpackTemplate(tar(entry('/pg_link', '', '2')), dir)).rejects.toThrow(/type "2"/);
    await expect(unpackTemplate(Buffer.concat(entry('/PG_VERSION', '17\n')), dir)).rejects.toThrow(/ends early/);
  });
});

import { Readable } from 'node:stream';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SnapshotError } from './snapshot-error';
import { tarEnd, tarEntries, tarHeader, tarPadding } from './tar';

const at = new Date('2026-01-01T00:00:00Z');
const text = (value: string) => new TextEncoder().encode(value);
const archive = (entries: [string, Uint8Array][]) =>
  Buffer.concat([
    ...entries.flatMap(([name, bytes]) => [tarHeader(name, bytes.length, at), bytes, tarPadding(bytes.length)]),
    tarEnd(),
  ]);

/** The archive in chunks of `size` bytes, as a network or a file would hand it over. */
function inChunks(bytes: Uint8Array, size: number): AsyncIterable<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.subarray(start, start + size));
  return Readable.from(chunks);
}

async function read(chunks: AsyncIterable<Uint8Array>, skip = new Set<string>()) {
  const found: [string, string][] = [];
  for await (const entry of tarEntries(chunks)) {
    if (skip.has(entry.name)) continue;
    let body = '';
    for await (const chunk of entry.body) body += new TextDecoder().decode(chunk);
    found.push([entry.name, body]);
  }
  return found;
}

describe('tar', () => {
  it('reads back what it wrote, whatever the chunk sizes, skipping entries left unread', async () => {
    const bytes = archive([
      ['manifest.json', text('{}')],
      ['blobs/empty', new Uint8Array(0)],
      ['tables/a.jsonl', text('x'.repeat(1500))],
    ]);
    for (const size of [1, 7, 512, 100_000])
      expect(await read(inChunks(bytes, size), new Set(['manifest.json']))).toEqual([
        ['blobs/empty', ''],
        ['tables/a.jsonl', 'x'.repeat(1500)],
      ]);
  });

  it('is read by the system tar', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-tar-'));
    try {
      await writeFile(
        path.join(dir, 'a.tar'),
        archive([
          ['manifest.json', text('{"a":1}')],
          ['blobs/b', text('bytes')],
        ]),
      );
      expect(execFileSync('tar', ['-tvf', path.join(dir, 'a.tar')]).toString()).toMatch(
        /manifest\.json\n.*blobs\/b\n$/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('writes sizes past 8 GiB in base 256, as GNU tar', () => {
    const header = tarHeader('blobs/huge', 9 * 2 ** 30, at);
    expect(header[124]).toBe(0x80);
    expect(Buffer.from(header.subarray(128, 136)).readBigUInt64BE()).toBe(BigInt(9 * 2 ** 30));
  });

  it('refuses a damaged header and an archive cut short', async () => {
    const bytes = archive([['manifest.json', text('{}')]]);
    const damaged = Buffer.from(bytes);
    damaged[3] = 0x41;
    await expect(read(inChunks(damaged, 512))).rejects.toThrow(/checksum/);
    await expect(read(inChunks(bytes.subarray(0, 600), 512))).rejects.toThrow(SnapshotError);
  });
});

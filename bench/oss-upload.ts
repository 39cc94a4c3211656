import { createHash, randomFillSync } from 'node:crypto';
import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { result, type Benchmark } from './harness';
import { ossPlatform } from './oss-platform';
import { signedUpload } from './signed-upload';

const GiB = 1024 * 1024 * 1024;
const COPY_BUFFER = 1024 * 1024;

/** A 1 GiB file of random bytes and its SHA-1, written in 64 MiB slices to keep memory flat. */
export async function makeSource(file: string): Promise<string> {
  const hash = createHash('sha1');
  const handle = await open(file, 'w');
  const slice = Buffer.allocUnsafe(64 * 1024 * 1024);
  for (let written = 0; written < GiB; written += slice.length) {
    randomFillSync(slice);
    hash.update(slice);
    await handle.write(slice);
  }
  await handle.sync();
  await handle.close();
  return hash.digest('hex');
}

/** The baseline: a plain copy of the file on the same disk, read and written in 1 MiB steps and fsynced. */
async function plainCopy(from: string, to: string): Promise<number> {
  const started = performance.now();
  const source = await open(from, 'r');
  const target = await open(to, 'w');
  const buffer = Buffer.allocUnsafe(COPY_BUFFER);
  for (;;) {
    const { bytesRead } = await source.read(buffer, 0, buffer.length, null);
    if (bytesRead === 0) break;
    await target.write(buffer, 0, bytesRead);
  }
  await target.sync();
  await Promise.all([source.close(), target.close()]);
  // The copy is kept until the end: deleting it now would have the disk (mounted with discard)
  // trim a gibibyte while the next measurement runs.
  return GiB / 1024 / 1024 / ((performance.now() - started) / 1000);
}

const ROUNDS = 2;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * 1 GiB through signed 5 MiB parts into a listening platform (HTTP, hashing, fsync, metadata)
 * against a plain fsynced copy of the same file on the same disk. The machine is shared, so copies
 * and uploads alternate (copy, upload, copy, upload, copy) and their means are compared; nothing is
 * deleted until the end, since the disk may trim deleted blocks while a later measurement runs.
 */
export const ossUpload: Benchmark = {
  name: 'oss-upload',
  async run() {
    const platform = await ossPlatform('bench-upload');
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'ddm-bench-copy-'));
    try {
      const source = path.join(scratch, 'source.bin');
      const expected = await makeSource(source);
      const copies = [await plainCopy(source, path.join(scratch, 'copy-0.bin'))];
      const uploads: number[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const upload = await signedUpload(
          platform,
          source,
          `/oss/v2/buckets/bench-upload/objects/one-gib-${round}.bin`,
        );
        if (upload.sha1 !== expected)
          throw new Error(`oss-upload: stored SHA-1 ${upload.sha1} is not the source's ${expected}`);
        uploads.push(upload.mibPerSecond);
        copies.push(await plainCopy(source, path.join(scratch, `copy-${round}.bin`)));
      }
      return [
        result('oss-upload 1 GiB in signed 5 MiB parts vs plain file copy', mean(uploads), 'MiB/s', mean(copies)),
      ];
    } finally {
      await rm(scratch, { recursive: true, force: true });
      await platform.stop();
    }
  },
};

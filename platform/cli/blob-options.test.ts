import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlignedSlots, directIoWorks, SLOT_BYTES } from '../storage/blobs/direct-io';
import { isDirect, openFlags, pausedBody } from '../testing/open-flags';
import { TestClock } from '../testing/test-platform';
import { UsageError } from './args';
import { openBlobs, parseBlobOptions } from './blob-options';
import { parseServeOptions } from './serve-options';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ddm-blob-options-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('--direct-io', () => {
  it('is auto unless turned off, refuses other words, and has no meaning for an S3 bucket', () => {
    expect(parseServeOptions([]).blobs).toEqual({ kind: 'file', directIo: true });
    expect(parseServeOptions(['--direct-io', 'auto']).blobs).toEqual({ kind: 'file', directIo: true });
    expect(parseServeOptions(['--direct-io', 'off']).blobs).toEqual({ kind: 'file', directIo: false });
    expect(() => parseBlobOptions({ 'direct-io': 'on' }, {})).toThrow(UsageError);
    expect(() => parseBlobOptions({ 'direct-io': 'on' }, {})).toThrow(/auto or off, not "on"/);
    expect(() => parseBlobOptions({ 'direct-io': 'off', 's3-bucket': 'ddm-blobs' }, {})).toThrow(
      /data directory's blobs/,
    );
    expect(parseBlobOptions({}, { S3_BUCKET: 'ddm-blobs' })).toMatchObject({ kind: 's3', bucket: 'ddm-blobs' });
  });

  it('off: the store writes even a large blob through the page cache', async (context) => {
    if (!existsSync('/proc/self/fdinfo') || !(await directIoWorks(dataDir, new AlignedSlots()))) {
      console.warn(
        `blob-options.test: no direct I/O in ${dataDir} (or no /proc/self/fdinfo), so there is nothing for off to turn off here.`,
      );
      return context.skip();
    }
    const flagsMidWrite = async (directIo: boolean) => {
      const dir = path.join(dataDir, String(directIo));
      const blobs = await openBlobs({ kind: 'file', directIo }, dir, new TestClock());
      let release!: () => void;
      const { body, paused } = pausedBody(
        2 * SLOT_BYTES,
        SLOT_BYTES,
        new Promise<void>((resolve) => (release = resolve)),
      );
      const writing = blobs.write(body, { maxBytes: 4 * SLOT_BYTES });
      const tmp = path.join(dir, 'blobs', 'tmp');
      await paused;
      // Past the first slot, the file is open once: directly, or through the page cache.
      const [name] = await readdir(tmp);
      expect((await openFlags(path.join(tmp, name!))).map(isDirect)).toEqual([directIo]);
      release();
      await writing;
    };
    await flagsMidWrite(true);
    await flagsMidWrite(false);
  });
});

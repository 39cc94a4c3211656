import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../../storage/blobs/blob-store';
import type { EngineDerivative } from '../../translation/engine-types';
import { ingestOutputs } from './ingest';

let outDir: string;
beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'ddm-ingest-'));
});
afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

/** A store that keeps nothing and counts how many writes run at once. */
function countingStore() {
  let running = 0;
  const counts = { peak: 0, writes: 0 };
  const store = {
    async write(body: AsyncIterable<Uint8Array>) {
      running++;
      counts.peak = Math.max(counts.peak, running);
      let size = 0;
      for await (const chunk of body) size += chunk.byteLength;
      // A turn of the event loop, as a real store's fsync gives: the others start meanwhile.
      await new Promise((resolve) => setImmediate(resolve));
      running--;
      return { id: `blob-${++counts.writes}`, size, sha1: 'sha1' };
    },
  };
  return { store: store as unknown as BlobStore, counts };
}

describe('ingestOutputs', () => {
  it('stores an output of hundreds of files (stl, exportFileStructure multiple) a bounded number at once, each in its place', async () => {
    const files = Array.from({ length: 300 }, (_, index) => ({
      role: 'stl',
      path: `stl/part_${index}.stl`,
      mime: 'application/vnd.ms-pki.stl',
      size: String(index).length,
    }));
    await Promise.all(
      files.map((file, index) => writeFile(path.join(outDir, path.basename(file.path)), String(index))),
    );
    const engine: EngineDerivative = {
      outputType: 'stl',
      status: 'success',
      messages: [],
      views: [],
      files: files.map((file) => ({ ...file, path: path.basename(file.path) })),
    };
    const { store, counts } = countingStore();
    const written: string[] = [];
    const [derivative] = await ingestOutputs(store, outDir, [engine], [], new Date(0), written);
    expect(derivative!.files.map((file) => [file.path, file.size])).toEqual(
      files.map((file, index) => [`part_${index}.stl`, String(index).length]),
    );
    expect(written).toHaveLength(300);
    expect(counts.peak).toBeGreaterThan(1);
    expect(counts.peak).toBeLessThanOrEqual(64);
  });
});

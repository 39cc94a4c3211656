import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManifestMessage } from '../../../contracts/model-derivative';
import { demoBuildingIfc } from '../../demo/ifc-building';
import { designInBucket, manifestOf, mdPath, translated } from '../../testing/model-derivative';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';
import type { Translator } from '../../translation/engine-types';
import { createWorkerPool } from '../../translation/pool';

// Broken designs through the service with the real engine in its worker: each job fails with a
// message a person can act on, and the platform (and the pool) go on serving.
let platform: TestPlatform;
let translator: Translator;
beforeAll(async () => {
  translator = createWorkerPool({ workers: 1, timeoutMs: 120_000, memoryMb: 2048 });
  platform = await createTestPlatform({}, { translator });
});
afterAll(async () => {
  await platform.close();
  await translator.close();
});

const demo = new TextEncoder().encode(demoBuildingIfc());
const BROKEN: { name: string; fileName: string; bytes: () => Uint8Array<ArrayBuffer>; code: string; words: RegExp }[] =
  [
    {
      name: 'random bytes named .ifc',
      fileName: 'noise.ifc',
      bytes: () => new Uint8Array(randomBytes(64 * 1024)),
      code: 'TranslationWorker-InvalidSource',
      words: /not an IFC file/,
    },
    {
      name: 'the demo IFC cut in half',
      fileName: 'half.ifc',
      bytes: () => demo.slice(0, Math.floor(demo.length / 2)),
      code: 'TranslationWorker-InvalidSource',
      words: /truncated/,
    },
    {
      name: 'random bytes named .glb',
      fileName: 'noise.glb',
      bytes: () => new Uint8Array(randomBytes(4 * 1024)),
      code: 'TranslationWorker-InvalidSource',
      words: /glb|glTF/i,
    },
  ];

describe('broken designs through the service and the real engine', () => {
  it.each(BROKEN)(
    '$name: the job fails with a message that says what is wrong',
    { timeout: 60_000 },
    async ({ fileName, bytes, code, words }) => {
      const { bearer, urn } = await designInBucket(platform, fileName, bytes());
      const manifest = await translated(platform, bearer, urn, [{ type: 'svf2', views: ['3d'] }]);
      expect(manifest).toMatchObject({ status: 'failed', progress: 'complete' });
      const [derivative] = manifest.derivatives;
      expect(derivative?.status).toBe('failed');
      const message = derivative?.messages?.find((candidate: ManifestMessage) => candidate.type === 'error');
      expect(message?.code).toBe(code);
      expect(message?.message).toMatch(words);
      // No derivative bytes were kept for a failed job.
      expect(await platform.stores.mdManifests.files(urn)).toEqual([]);
    },
  );

  it('keeps answering and translating after the failures', { timeout: 60_000 }, async () => {
    expect(
      (await platform.request(mdPath('/formats'), { headers: (await designInBucket(platform, 'x.ifc')).bearer }))
        .status,
    ).toBe(200);
    const { bearer, urn } = await designInBucket(platform, 'demo-house.ifc', demo);
    const manifest = await translated(platform, bearer, urn, [{ type: 'svf2', views: ['3d'] }, { type: 'stl' }]);
    expect(manifest.status).toBe('success');
    expect(
      (await manifestOf(platform, bearer, urn)).derivatives.every((derivative) => derivative.status === 'success'),
    ).toBe(true);
  });
});

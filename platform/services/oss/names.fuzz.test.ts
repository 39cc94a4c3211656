import fc from 'fast-check';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_RATE_LIMITS } from '../../config';
import { BLOB_ID } from '../../storage/blobs/blob-store';
import { createBucket, serverApp } from '../../testing/oss';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';
import { bucketKeyProblem } from './names';

// platform-anchors.md §2.4–2.5: traversal, encodings, look-alikes, huge names, internal folder names.
let platform: TestPlatform;
let bearer: Record<string, string>;
let bucketKey: string;
beforeAll(async () => {
  platform = await createTestPlatform({ rateLimits: { ...SPEC_RATE_LIMITS, oss: 0 } });
  bearer = (await serverApp(platform)).bearer;
  bucketKey = (await createBucket(platform, bearer)).bucketKey;
});
afterAll(() => platform.close());

// A fixed seed, so CI runs the same cases every time; FUZZ_SEED and FUZZ_RUNS explore others.
const RUNS = { numRuns: Number(process.env.FUZZ_RUNS ?? 150), seed: Number(process.env.FUZZ_SEED ?? 20261123) };

const NASTY = [
  '.',
  '..',
  '../',
  '../../etc/passwd',
  '..\\..\\windows',
  '%2e%2e%2f',
  '..%5c',
  '%252e%252e%252f',
  '%c0%ae%c0%ae/',
  '\uff0e\uff0e/',
  '\u2024\u2024/',
  'tmp',
  'blobs',
  'db',
  'platform.lock',
  '/',
  '//',
  'a\u0000b',
  '\ud800',
  'x'.repeat(1025),
  ' ',
  '%',
  '%zz',
];
const name = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc
    .array(fc.constantFrom('..', '.', 'a', '%2e', '%2f', '/', '\\', '%00', 'tmp'), { maxLength: 8 })
    .map((parts) => parts.join('/')),
  fc.stringMatching(/^[a-z0-9-]{1,12}$/),
);

/** Where a name would land if it ever reached the file system: it must not appear there. */
const landing = (key: string) => path.resolve(platform.blobDir, key.replace(/\0/g, ''));

async function onlyBlobIds() {
  const entries = await readdir(platform.blobDir);
  expect(entries.filter((entry) => entry !== 'tmp' && !BLOB_ID.test(entry))).toEqual([]);
}

describe('names and paths under fuzzing', () => {
  it('creates a bucket only for a name the spec allows, and never fails with 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(name, async (bucketKey) => {
        const response = await platform.request('/oss/v2/buckets', {
          method: 'POST',
          headers: { ...bearer, 'Content-Type': 'application/json' },
          body: JSON.stringify({ bucketKey, policyKey: 'transient' }),
        });
        expect([200, 400, 409]).toContain(response.status);
        expect(response.status === 400).toBe(bucketKeyProblem(bucketKey) !== undefined);
      }),
      RUNS,
    );
  });

  it('stores any object key only by id, and never fails with 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(name, fc.uint8Array({ maxLength: 64 }), async (objectKey, bytes) => {
        const existed = existsSync(landing(objectKey));
        const encoded = encodeURIComponent(objectKey.replace(/[\ud800-\udfff]/g, '\ufffd'));
        const base = `/oss/v2/buckets/${bucketKey}/objects/${encoded}`;
        const put = await platform.request(base, { method: 'PUT', headers: bearer, body: bytes });
        // An empty key leaves no object segment: no such route, 404.
        expect([200, 400, 404]).toContain(put.status);
        expect(existsSync(landing(objectKey))).toBe(existed);
        for (const suffix of ['/details', '/signeds3download', '/signeds3upload?parts=1']) {
          expect((await platform.request(`${base}${suffix}`, { headers: bearer })).status).toBeLessThan(500);
        }
      }),
      RUNS,
    );
    await onlyBlobIds();
  });

  it('answers raw, unencoded paths with 4xx, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(name, name, async (first, second) => {
        let url: string;
        try {
          url = new URL(`/oss/v2/buckets/${first}/objects/${second}/details`, 'http://platform.test').toString();
        } catch {
          return;
        }
        // Dot segments are resolved before a request leaves the client: `blobs/objects/..` asks for the
        // bucket `blobs` itself, which an earlier property may have created. That is another endpoint, not a raw object path.
        const { pathname } = new URL(url);
        if (!pathname.includes('/objects/') || !pathname.endsWith('/details')) return;
        const response = await platform.app.request(url, { headers: bearer });
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
      }),
      RUNS,
    );
  });
});

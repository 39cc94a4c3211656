import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeUrn, type ModelDerivativeErrorBody } from '../../../contracts/model-derivative';
import { objectUrn } from '../../../contracts/oss';
import { FakeTranslator } from '../../testing/fake-translator';
import { designInBucket, mdPath, postJob } from '../../testing/model-derivative';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// Issue 26: a URN that decodes to text with a NUL names no design (404); a NUL in a body or query
// field is a malformed request (400). Both in Model Derivative's `{diagnostic}` form, never 500.
let platform: TestPlatform;
let fake: FakeTranslator;
let design: Awaited<ReturnType<typeof designInBucket>>;
beforeAll(async () => {
  fake = new FakeTranslator();
  platform = await createTestPlatform({}, { translator: fake });
  design = await designInBucket(platform);
});
afterAll(() => platform.close());

async function expectDiagnostic(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(typeof ((await response.json()) as ModelDerivativeErrorBody).diagnostic).toBe('string');
}

describe('URNs that decode to text no design has', () => {
  it('answers 404 to a job whose URN decodes to an object or bucket name with a NUL, and runs nothing', async () => {
    for (const urn of [
      objectUrn(design.bucketKey, 'house\u0000.ifc'),
      objectUrn('a\u0000b', 'house.ifc'),
      'urn:adsk.wipprod:fs.file:vf.\u0000?version=1',
    ]) {
      await expectDiagnostic(await postJob(platform, design.bearer, encodeUrn(urn), [{ type: 'obj' }]), 404);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('answers 404 to such a URN, and to a NUL in the path, on the manifest, metadata and thumbnail', async () => {
    const bad = encodeUrn(objectUrn(design.bucketKey, 'house\u0000.ifc'));
    for (const suffix of [
      `/${bad}/manifest`,
      `/${bad}/metadata`,
      `/${bad}/thumbnail`,
      '/a%00b/manifest',
      `/${design.urn}/metadata/%00`,
      `/${design.urn}/manifest/urn%3Aa%00/signedcookies`,
    ]) {
      await expectDiagnostic(await platform.request(mdPath(suffix), { headers: design.bearer }), 404);
    }
  });
});

describe('bodies and queries', () => {
  it('answers 400 to a NUL or a lone surrogate in a job body field', async () => {
    await expectDiagnostic(await postJob(platform, design.bearer, `${design.urn}\u0000`, [{ type: 'obj' }]), 400);
    await expectDiagnostic(
      await postJob(
        platform,
        design.bearer,
        design.urn,
        [{ type: 'obj' }],
        {},
        { rootFilename: '\ud800', compressedUrn: true },
      ),
      400,
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('answers 400 to a NUL in a query parameter', async () => {
    await expectDiagnostic(
      await platform.request(mdPath(`/${design.urn}/thumbnail?width=%00`), { headers: design.bearer }),
      400,
    );
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeUrn, type JobResponse, type ModelDerivativeErrorBody } from '../../../contracts/model-derivative';
import { objectUrn } from '../../../contracts/oss';
import { FakeTranslator } from '../../testing/fake-translator';
import { designInBucket, manifestOf, mdPath, postJob, translated, waitUntil } from '../../testing/model-derivative';
import { serverApp } from '../../testing/oss';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

let platform: TestPlatform;
let fake: FakeTranslator;
beforeEach(async () => {
  fake = new FakeTranslator();
  platform = await createTestPlatform({}, { translator: fake });
});
afterEach(async () => {
  await platform.close();
});

/** `count` small STL objects `model-<n>.stl` in the bucket, as encoded URNs. */
async function stlDesigns(bearer: Record<string, string>, bucketKey: string, count: number): Promise<string[]> {
  const urns: string[] = [];
  for (let index = 0; index < count; index++) {
    const key = `model-${index}.stl`;
    await platform.request(`/oss/v2/buckets/${bucketKey}/objects/${key}`, {
      method: 'PUT',
      headers: { ...bearer, 'Content-Type': 'application/octet-stream' },
      body: new Uint8Array(84),
    });
    urns.push(encodeUrn(objectUrn(bucketKey, key)));
  }
  return urns;
}

const diagnostic = async (response: Response) => ((await response.json()) as ModelDerivativeErrorBody).diagnostic;

describe('POST /modelderivative/v2/designdata/job', () => {
  it('accepts a job (200 created), runs it to success, and answers 201 when every derivative exists', async () => {
    const { bearer, urn } = await designInBucket(platform);
    const response = await postJob(platform, bearer, urn, [{ type: 'svf2', views: ['3d'] }, { type: 'obj' }]);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      result: 'created',
      urn,
      acceptedJobs: {
        output: { formats: [{ type: 'svf2', views: ['3d'] }, { type: 'obj' }], destination: { region: 'us' } },
      },
    } satisfies JobResponse);
    await platform.app.jobs.idle();
    const manifest = await manifestOf(platform, bearer, urn);
    expect(manifest).toMatchObject({
      type: 'manifest',
      urn,
      region: 'US',
      version: '1.0',
      status: 'success',
      progress: 'complete',
      hasThumbnail: 'true',
    });
    expect(fake.requests[0]).toMatchObject({
      fileName: 'house.ifc',
      outputs: [{ type: 'svf2', views: ['3d'] }, { type: 'obj' }],
    });

    const again = await postJob(platform, bearer, urn, [{ type: 'obj' }]);
    expect(again.status).toBe(201);
    expect(await again.json()).toMatchObject({ result: 'success', urn });
    expect(fake.requests).toHaveLength(1);
  });

  it('translates again with x-ads-force: true', async () => {
    const { bearer, urn } = await designInBucket(platform);
    const first = await translated(platform, bearer, urn, [{ type: 'stl' }]);
    const [oldFile] = await platform.stores.mdManifests.files(urn);
    const forced = await postJob(platform, bearer, urn, [{ type: 'stl' }], { 'x-ads-force': 'true' });
    expect(forced.status).toBe(200);
    await platform.app.jobs.idle();
    const second = await manifestOf(platform, bearer, urn);
    expect(fake.requests).toHaveLength(2);
    expect(second.status).toBe('success');
    // The old derivative's bytes went with it.
    const [newFile] = await platform.stores.mdManifests.files(urn);
    expect(newFile!.blobId).not.toBe(oldFile!.blobId);
    const stored: string[] = [];
    for await (const blob of platform.blobs.list()) stored.push(blob.id);
    expect(stored).not.toContain(oldFile!.blobId);
    expect(first.derivatives[0]!.children[0]!.urn).toBe(second.derivatives[0]!.children[0]!.urn);
  });

  it('names unknown output types and wrong option values in a 400, and refuses a pair the engine does not convert with 406', async () => {
    const { bearer, urn } = await designInBucket(platform, 'drawing.dxf');
    const unknownType = await postJob(platform, bearer, urn, [{ type: 'dwg' }]);
    expect(unknownType.status).toBe(400);
    expect(await diagnostic(unknownType)).toContain('"dwg"');
    const wrongValue = await postJob(platform, bearer, urn, [{ type: 'stl', advanced: { exportColor: 'yes' } }]);
    expect(wrongValue.status).toBe(400);
    expect(await diagnostic(wrongValue)).toContain('advanced.exportColor');
    const noFormats = await postJob(platform, bearer, urn, []);
    expect(noFormats.status).toBe(400);
    const zipWithoutRoot = await postJob(platform, bearer, urn, [{ type: 'svf2' }], {}, { compressedUrn: true });
    expect(await diagnostic(zipWithoutRoot)).toContain('rootFilename');
    const notJson = await platform.request(mdPath('/job'), {
      method: 'POST',
      headers: { ...bearer, 'Content-Type': 'application/json' },
      body: '{',
    });
    expect(notJson.status).toBe(400);

    const dxfToObj = await postJob(platform, bearer, urn, [{ type: 'obj' }]);
    expect(dxfToObj.status).toBe(406);
    expect(await diagnostic(dxfToObj)).toContain('.dxf');
    expect(fake.requests).toHaveLength(0);
  });

  it("answers 404 to a badly encoded URN, a missing object, and another app's object", async () => {
    const { bearer, urn, bucketKey } = await designInBucket(platform);
    for (const bad of [
      `${urn}=`,
      'not base64!',
      encodeUrn('not-a-urn'),
      encodeUrn(objectUrn(bucketKey, 'missing.ifc')),
    ]) {
      const response = await postJob(platform, bearer, bad, [{ type: 'svf2' }]);
      expect(response.status).toBe(404);
      expect(await diagnostic(response)).toBeTruthy();
    }
    const stranger = await serverApp(platform, 'data:read data:write');
    expect((await postJob(platform, stranger.bearer, urn, [{ type: 'svf2' }])).status).toBe(404);
    expect((await platform.request(mdPath(`/${urn}/manifest`), { headers: stranger.bearer })).status).toBe(404);
  });

  it('needs data:read and a write scope, with {diagnostic} bodies', async () => {
    const { urn } = await designInBucket(platform);
    const readOnly = await serverApp(platform, 'data:read');
    const refused = await postJob(platform, readOnly.bearer, urn, [{ type: 'svf2' }]);
    expect(refused.status).toBe(403);
    expect(await diagnostic(refused)).toContain('data:write');
    const writeOnly = await serverApp(platform, 'data:write');
    expect((await postJob(platform, writeOnly.bearer, urn, [{ type: 'svf2' }])).status).toBe(403);
    const anonymous = await postJob(platform, {}, urn, [{ type: 'svf2' }]);
    expect(anonymous.status).toBe(401);
    expect(await diagnostic(anonymous)).toBeTruthy();
  });

  it('allows 20 live jobs per app, then 429 with Retry-After; a finished job frees a place', async () => {
    fake.mode = 'held';
    const { bearer, bucketKey } = await designInBucket(platform);
    const urns = await stlDesigns(bearer, bucketKey, 21);
    for (const urn of urns.slice(0, 20))
      expect((await postJob(platform, bearer, urn, [{ type: 'obj' }])).status).toBe(200);
    const over = await postJob(platform, bearer, urns[20]!, [{ type: 'obj' }]);
    expect(over.status).toBe(429);
    expect(over.headers.get('Retry-After')).toBe('30');
    expect(await diagnostic(over)).toContain('at most 20');
    // Another app has its own 20.
    const other = await designInBucket(platform, 'other.stl');
    expect((await postJob(platform, other.bearer, other.urn, [{ type: 'obj' }])).status).toBe(200);

    // The jobs start in no fixed order: finish one of this app's, whichever started first, and wait for its manifest.
    let held = await fake.nextHeld();
    while (!held.request.fileName.startsWith('model-')) held = await fake.nextHeld();
    await held.succeed();
    const finished = urns[Number(/model-(\d+)\.stl/.exec(held.request.fileName)![1])]!;
    await waitUntil(async () => (await manifestOf(platform, bearer, finished)).status === 'success');
    expect((await postJob(platform, bearer, urns[20]!, [{ type: 'obj' }])).status).toBe(200);
  });

  it('replaces a running job when forced, even with the app at its limit: the job it replaces no longer counts', async () => {
    fake.mode = 'held';
    const { bearer, bucketKey } = await designInBucket(platform);
    const urns = await stlDesigns(bearer, bucketKey, 20);
    for (const urn of urns) expect((await postJob(platform, bearer, urn, [{ type: 'obj' }])).status).toBe(200);
    const forced = await postJob(platform, bearer, urns[0]!, [{ type: 'stl' }], { 'x-ads-force': 'true' });
    expect(forced.status).toBe(200);
    const manifest = await manifestOf(platform, bearer, urns[0]!);
    expect(manifest.derivatives.map((derivative) => derivative.outputType)).toEqual(['stl']);
  });

  it('answers 409 to a second job while one runs on the same design', async () => {
    fake.mode = 'held';
    const { bearer, urn } = await designInBucket(platform);
    expect((await postJob(platform, bearer, urn, [{ type: 'obj' }])).status).toBe(200);
    expect((await postJob(platform, bearer, urn, [{ type: 'stl' }])).status).toBe(409);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  Manifest,
  MetadataResponse,
  ModelDerivativeErrorBody,
  ObjectTreeResponse,
  PropertiesResponse,
  SignedCookiesResponse,
} from '../../../contracts/model-derivative';
import { FakeTranslator } from '../../testing/fake-translator';
import { designInBucket, manifestOf, mdPath, postJob, translated, waitUntil } from '../../testing/model-derivative';
import { createTestPlatform, TEST_APP_ORIGIN, type TestPlatform } from '../../testing/test-platform';

let platform: TestPlatform;
let fake: FakeTranslator;
beforeEach(async () => {
  fake = new FakeTranslator();
  platform = await createTestPlatform({}, { translator: fake });
});
afterEach(async () => {
  await platform.close();
});

const get = (path: string, headers: Record<string, string>, init: RequestInit = {}) =>
  platform.request(mdPath(path), { headers, ...init });

describe('the manifest', () => {
  it('shows pending, then progress while running, then the agreed shape with every output', async () => {
    fake.mode = 'held';
    const { bearer, urn } = await designInBucket(platform);
    await postJob(platform, bearer, urn, [
      { type: 'svf2' },
      { type: 'obj' },
      { type: 'stl' },
      { type: 'ifc' },
      { type: 'pdf' },
      { type: 'thumbnail' },
    ]);
    const held = await fake.nextHeld();
    await waitUntil(async () => (await manifestOf(platform, bearer, urn)).status === 'inprogress');
    held.progress(12);
    await waitUntil(async () => (await manifestOf(platform, bearer, urn)).progress === '12% complete');
    const running = await manifestOf(platform, bearer, urn);
    expect(
      running.derivatives.map((derivative) => [derivative.outputType, derivative.status, derivative.progress]),
    ).toContainEqual(['svf2', 'inprogress', '12% complete']);
    // HEAD of a derivative still being made: 202.
    const pendingHead = await get(
      `/${urn}/manifest/${encodeURIComponent(`urn:adsk.viewing:fs.file:${urn}/output/obj/model.obj`)}`,
      bearer,
      { method: 'HEAD' },
    );
    expect(pendingHead.status).toBe(202);
    expect((await get(`/${urn}/metadata`, bearer)).status).toBe(202);
    await held.succeed();
    await platform.app.jobs.idle();

    const manifest = await manifestOf(platform, bearer, urn);
    expect(manifest).toMatchObject({ status: 'success', progress: 'complete', hasThumbnail: 'true' });
    const byType = Object.fromEntries(manifest.derivatives.map((derivative) => [derivative.outputType, derivative]));
    const svf2 = byType.svf2!;
    expect(svf2).toMatchObject({ name: 'house.ifc', status: 'success', progress: 'complete', hasThumbnail: 'true' });
    const geometry = svf2.children.find((child) => child.type === 'geometry')!;
    expect(geometry).toMatchObject({
      role: '3d',
      name: '3D',
      status: 'success',
      viewableID: geometry.guid,
      hasThumbnail: 'true',
    });
    expect(geometry.children).toContainEqual(
      expect.objectContaining({
        type: 'resource',
        role: 'graphics',
        mime: 'model/gltf-binary',
        urn: `urn:adsk.viewing:fs.file:${urn}/output/svf2/${geometry.guid}/model.glb`,
      }),
    );
    expect(geometry.children).toContainEqual(
      expect.objectContaining({
        role: 'thumbnail',
        mime: 'image/png',
        resolution: [400, 400],
        urn: `urn:adsk.viewing:fs.file:${urn}/output/svf2/${geometry.guid}/thumbnail-400.png`,
      }),
    );
    expect(svf2.children).toContainEqual(
      expect.objectContaining({
        role: 'Autodesk.CloudPlatform.PropertyDatabase',
        mime: 'application/json',
        urn: `urn:adsk.viewing:fs.file:${urn}/output/svf2/properties.json`,
      }),
    );
    expect(byType.obj!.children.map((child) => [child.role, child.mime])).toEqual([
      ['mtl', 'text/plain'],
      ['obj', 'application/octet-stream'],
    ]);
    expect(byType.stl!.children[0]).toMatchObject({ role: 'stl', mime: 'application/vnd.ms-pki.stl', size: 84 });
    expect(byType.ifc!.children[0]).toMatchObject({ role: 'ifc', mime: 'application/x-step' });
    expect(byType.pdf!.children[0]).toMatchObject({ role: 'pdf', mime: 'application/pdf' });
    expect(byType.thumbnail!.children.map((child) => child.resolution)).toEqual([
      [100, 100],
      [200, 200],
      [400, 400],
    ]);
  });

  it('records a failure with its code, a timeout as timeout, and any other error as an internal failure', async () => {
    fake.mode = 'held';
    const { bearer, urn } = await designInBucket(platform);
    const cases: [Error, Manifest['status'], string][] = [
      [Object.assign(new Error('The file is truncated.'), { code: 'IFC-Truncated' }), 'failed', 'IFC-Truncated'],
      [
        new (await import('../../translation/engine-types')).TranslationTimeoutError('took too long'),
        'timeout',
        'TranslationWorker-Timeout',
      ],
      [new Error('boom'), 'failed', 'TranslationWorker-InternalFailure'],
    ];
    for (const [error, status, code] of cases) {
      expect((await postJob(platform, bearer, urn, [{ type: 'obj' }], { 'x-ads-force': 'true' })).status).toBe(200);
      (await fake.nextHeld()).fail(error);
      await platform.app.jobs.idle();
      const manifest = await manifestOf(platform, bearer, urn);
      expect(manifest.status).toBe(status);
      expect(manifest.derivatives[0]).toMatchObject({
        status,
        progress: 'complete',
        messages: [expect.objectContaining({ type: 'error', code })],
      });
    }
  });

  it("DELETE removes the manifest and the derivatives' blobs, and is idempotent", async () => {
    const { bearer, urn } = await designInBucket(platform);
    await translated(platform, bearer, urn, [{ type: 'svf2' }]);
    const blobs = (await platform.stores.mdManifests.files(urn)).map((file) => file.blobId);
    expect(blobs.length).toBeGreaterThan(2);
    const deleted = await get(`/${urn}/manifest`, bearer, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ result: 'success' });
    const stored = new Set<string>();
    for await (const blob of platform.blobs.list()) stored.add(blob.id);
    expect(blobs.filter((id) => stored.has(id))).toEqual([]);
    expect((await get(`/${urn}/manifest`, bearer)).status).toBe(404);
    expect((await get(`/${urn}/manifest`, bearer, { method: 'DELETE' })).status).toBe(200);
    expect((await get('/bm90LWEtdXJu!/manifest', bearer, { method: 'DELETE' })).status).toBe(404);
  });

  it('DELETE while a job runs stops it and keeps nothing', async () => {
    fake.mode = 'held';
    const { bearer, urn } = await designInBucket(platform);
    await postJob(platform, bearer, urn, [{ type: 'obj' }]);
    const held = await fake.nextHeld();
    expect((await get(`/${urn}/manifest`, bearer, { method: 'DELETE' })).status).toBe(200);
    expect(held.signal.aborted).toBe(true);
    expect((await get(`/${urn}/manifest`, bearer)).status).toBe(404);
    expect(await platform.stores.mdJobs.allLive()).toEqual([]);
  });
});

describe('metadata, properties, thumbnail and downloads', () => {
  async function translatedDesign() {
    const design = await designInBucket(platform);
    const manifest = await translated(platform, design.bearer, design.urn, [{ type: 'svf2' }, { type: 'obj' }]);
    const metadata = (await (await get(`/${design.urn}/metadata`, design.bearer)).json()) as MetadataResponse;
    return { ...design, manifest, guid: metadata.data.metadata[0]!.guid, metadata };
  }

  it('lists the model views, the object tree (objectid, level) and properties (objectid), 404 for unknown ones', async () => {
    const { bearer, urn, guid, metadata, manifest } = await translatedDesign();
    expect(metadata.data).toEqual({
      type: 'metadata',
      metadata: [{ name: '3D', role: '3d', guid, isMasterView: true }],
    });
    expect(manifest.derivatives.find((derivative) => derivative.outputType === 'svf2')!.children[0]!.guid).toBe(guid);
    const tree = (await (await get(`/${urn}/metadata/${guid}?forceget=true`, bearer)).json()) as ObjectTreeResponse;
    expect(tree.data.objects[0]).toMatchObject({
      objectid: 1,
      name: 'Building',
      objects: [{ objectid: 2, objects: [{ objectid: 3 }, { objectid: 4 }, { objectid: 5 }] }],
    });
    const level = (await (
      await get(`/${urn}/metadata/${guid}?objectid=1&level=1`, bearer)
    ).json()) as ObjectTreeResponse;
    expect(level.data.objects).toEqual([
      { objectid: 1, name: 'Building', objects: [{ objectid: 2, name: 'Level 1' }] },
    ]);
    expect((await get(`/${urn}/metadata/${guid}?objectid=99`, bearer)).status).toBe(404);
    expect((await get(`/${urn}/metadata/${guid}?objectid=x`, bearer)).status).toBe(400);
    expect((await get(`/${urn}/metadata/${guid}?objectid=1&level=2`, bearer)).status).toBe(400);
    expect((await get(`/${urn}/metadata/not-a-view`, bearer)).status).toBe(404);

    const all = (await (await get(`/${urn}/metadata/${guid}/properties`, bearer)).json()) as PropertiesResponse;
    expect(all.data.collection).toHaveLength(5);
    const wall = (await (
      await get(`/${urn}/metadata/${guid}/properties?objectid=3`, bearer)
    ).json()) as PropertiesResponse;
    expect(wall.data.collection).toEqual([
      expect.objectContaining({
        objectid: 3,
        name: 'Wall North',
        externalId: 'w-1',
        properties: expect.objectContaining({ Pset_WallCommon: { IsExternal: true, FireRating: 'REI60' } }),
      }),
    ]);
  });

  it('answers properties:query with operators, fields and pagination', async () => {
    const { bearer, urn, guid } = await translatedDesign();
    const query = async (body: unknown) =>
      platform.request(mdPath(`/${urn}/metadata/${guid}/properties:query`), {
        method: 'POST',
        headers: { ...bearer, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const walls = await query({
      query: { $prefix: ['name', 'wall'] },
      fields: ['objectid', 'name', 'properties.Pset*'],
      pagination: { offset: 0, limit: 1 },
    });
    expect(walls.status).toBe(200);
    expect(await walls.json()).toEqual({
      pagination: { limit: 1, offset: 0, totalResults: 2 },
      data: {
        type: 'properties',
        collection: [
          {
            objectid: 3,
            name: 'Wall North',
            properties: { Pset_WallCommon: { IsExternal: true, FireRating: 'REI60' } },
          },
        ],
      },
    });
    const ids = async (body: unknown) =>
      ((await (await query(body)).json()) as PropertiesResponse).data.collection.map((object) => object.objectid);
    expect(await ids({ query: { $in: ['objectid', 4, 5] } })).toEqual([4, 5]);
    expect(await ids({ query: { $in: ['externalId', 'd-1'] } })).toEqual([5]);
    expect(await ids({ query: { $eq: ['properties.Item.Material', 'Brick'] } })).toEqual([4]);
    expect(await ids({ query: { $contains: ['name', 'SOUTH'] } })).toEqual([4]);
    expect(await ids({ query: { $between: ['properties.Dimensions.Length', 2, 4] } })).toEqual([4]);
    expect(await ids({ query: { $ge: ['properties.Dimensions.Length', 4] } })).toEqual([3]);
    expect(await ids({ query: { $le: ['properties.Dimensions.Height', 2.2] } })).toEqual([5]);
    const dimensions = (await (
      await query({ query: { $eq: ['objectid', 5] }, fields: ['properties.Dimensions.W*'] })
    ).json()) as PropertiesResponse;
    expect(dimensions.data.collection).toEqual([{ properties: { Dimensions: { Width: '0.900 m' } } }]);
    for (const bad of [
      { query: { $like: ['name', 'x'] } },
      { query: { $between: ['objectid', 1] } },
      { query: {} },
      { query: { $eq: ['name', 'x'] }, pagination: { limit: 1001 } },
      { query: { $eq: ['name', 'x'] }, pagination: { limit: 0 } },
      { query: { $eq: ['name', 'x'] }, pagination: { offset: -1 } },
    ]) {
      const response = await query(bad);
      expect(response.status).toBe(400);
      expect(((await response.json()) as ModelDerivativeErrorBody).diagnostic).toBeTruthy();
    }
  });

  it('serves the thumbnail at 100, 200 and 400 px with its headers, 400 for other sizes', async () => {
    const { bearer, urn } = await translatedDesign();
    const thumbnail = await get(`/${urn}/thumbnail?width=400&height=400`, bearer);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/png');
    expect(thumbnail.headers.get('x-ads-role')).toBe('rendered');
    expect(thumbnail.headers.get('x-ads-size')).toBe('[400,400]');
    const bytes = new Uint8Array(await thumbnail.arrayBuffer());
    expect([...bytes.slice(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('PNG');
    const standard = await get(`/${urn}/thumbnail`, bearer);
    expect(standard.headers.get('x-ads-size')).toBe('[200,200]');
    await standard.arrayBuffer();
    expect((await get(`/${urn}/thumbnail?width=300`, bearer)).status).toBe(400);
  });

  it('signs a derivative URL that serves Range and HEAD, refuses a tampered or expired one, caps the expiry at 360 minutes', async () => {
    const { bearer, urn } = await translatedDesign();
    const objUrn = encodeURIComponent(`urn:adsk.viewing:fs.file:${urn}/output/obj/model.obj`);
    const head = await get(`/${urn}/manifest/${objUrn}`, bearer, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const size = Number(head.headers.get('content-length'));
    expect(size).toBeGreaterThan(10);
    const direct = await get(`/${urn}/manifest/${objUrn}`, bearer);
    expect(await direct.text()).toContain('v 0 0 0');
    expect(
      (await get(`/${urn}/manifest/${encodeURIComponent('urn:adsk.viewing:fs.file:x/output/obj/model.obj')}`, bearer))
        .status,
    ).toBe(404);

    expect((await get(`/${urn}/manifest/${objUrn}/signedcookies?minutes-expiration=361`, bearer)).status).toBe(400);
    expect(
      (await get(`/${urn}/manifest/${objUrn}/signedcookies?response-content-disposition=inline`, bearer)).status,
    ).toBe(400);
    const signed = await get(
      `/${urn}/manifest/${objUrn}/signedcookies?minutes-expiration=10&response-content-disposition=${encodeURIComponent('attachment; filename="model.obj"')}`,
      bearer,
    );
    expect(signed.status).toBe(200);
    const body = (await signed.json()) as SignedCookiesResponse;
    expect(body).toMatchObject({
      size,
      'content-type': 'application/octet-stream',
      expiration: platform.clock.now().getTime() + 10 * 60_000,
    });
    expect(signed.headers.getSetCookie()).toHaveLength(3);

    const ranged = await platform.app.request(body.url, { headers: { Range: 'bytes=0-6', Origin: TEST_APP_ORIGIN } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe('v 0 0 0');
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-6/${size}`);
    expect(ranged.headers.get('content-disposition')).toBe('attachment; filename="model.obj"');
    expect(ranged.headers.get('access-control-allow-origin')).toBe(TEST_APP_ORIGIN);
    expect((await platform.app.request(body.url, { method: 'HEAD' })).headers.get('content-length')).toBe(String(size));

    const tampered = body.url.replace('response-content-disposition=attachment', 'response-content-disposition=inline');
    expect((await platform.app.request(tampered)).status).toBe(403);
    platform.clock.advance(11 * 60);
    const expired = await platform.app.request(body.url);
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as ModelDerivativeErrorBody).diagnostic).toContain('expired');
  });

  it('lists exactly the supported formats, with Last-Modified and 304', async () => {
    const { bearer } = await designInBucket(platform);
    const response = await get('/formats', bearer);
    expect(response.status).toBe(200);
    const { SUPPORTED_FORMATS } = await import('../../translation/formats');
    expect(await response.json()).toEqual({ formats: SUPPORTED_FORMATS });
    const lastModified = response.headers.get('last-modified')!;
    expect((await get('/formats', { ...bearer, 'If-Modified-Since': lastModified })).status).toBe(304);
    expect((await get('/formats', { ...bearer, 'If-Modified-Since': 'Mon, 01 Jan 2024 00:00:00 GMT' })).status).toBe(
      200,
    );
  });
});

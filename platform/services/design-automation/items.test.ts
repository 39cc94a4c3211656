import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  APPBUNDLE_FORM_FIELDS,
  type DaActivity,
  type DaAlias,
  type DaAppBundle,
  type DaPage,
} from '../../../contracts/design-automation';
import { bundleZip, daApp, daJson, daRequest, postUpload } from '../../testing/design-automation';
import { FAKE_ENGINE_ID } from '../../testing/fake-automation-engine';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// One platform for the file (a platform costs seconds); each test gets an app of its own, nicknamed Tester…
let platform: TestPlatform;
let bearer: Record<string, string>;
let Tester: string;
let freshBearer: () => Promise<Record<string, string>>;
let apps = 0;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(async () => {
  await platform.close();
});
beforeEach(async () => {
  const app = await daApp(platform);
  bearer = app.bearer;
  freshBearer = app.freshBearer;
  Tester = `Tester${++apps}`;
  expect((await daRequest(platform, bearer, 'PATCH', '/forgeapps/me', { nickname: Tester })).status).toBe(200);
});

const activity = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  engine: FAKE_ENGINE_ID,
  commandLine: ['$(engine.path)/fake copy "$(args[input].path)" "$(args[output].path)"'],
  parameters: { input: { verb: 'get', localName: 'in.txt' }, output: { verb: 'put', localName: 'out.txt' } },
  ...extra,
});

describe('appbundles', () => {
  it('creates one with 200 and the eleven upload fields, takes the zip by form POST, and serves it back by its signed package URL', async () => {
    const created = await daJson<DaAppBundle>(platform, bearer, 'POST', '/appbundles', {
      id: 'Tool',
      engine: FAKE_ENGINE_ID,
      description: 'A tool',
    });
    expect(created).toMatchObject({
      id: `${Tester}.Tool`,
      engine: FAKE_ENGINE_ID,
      version: 1,
      uploadParameters: { endpointURL: 'http://platform.test/da/store' },
    });
    expect(Object.keys(created.uploadParameters!.formData)).toEqual([...APPBUNDLE_FORM_FIELDS]);
    expect(created.uploadParameters!.formData.key).toBe(`apps/${Tester}/Tool/1`);

    const zip = bundleZip();
    const uploaded = await postUpload(platform, created.uploadParameters!, zip);
    expect(uploaded.status).toBe(200);
    expect(uploaded.headers.get('location')).toBe(`http://platform.test/da/store/apps%2F${Tester}%2FTool%2F1`);
    await daJson(platform, bearer, 'POST', '/appbundles/Tool/aliases', { id: 'prod', version: 1 });
    const read = await daJson<DaAppBundle>(platform, bearer, 'GET', `/appbundles/${Tester}.Tool+prod`);
    expect(read).toMatchObject({
      id: `${Tester}.Tool+prod`,
      engine: FAKE_ENGINE_ID,
      description: 'A tool',
      version: 1,
    });
    const download = await platform.app.request(read.package!);
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(zip);
    const tampered = await platform.app.request(read.package!.replace('/1?', '/2?'));
    expect(tampered.status).toBe(403);
    expect(await tampered.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
  });

  it('refuses a forged, expired or mismatched form with S3 errors and keeps nothing', async () => {
    const created = await daJson<DaAppBundle>(platform, bearer, 'POST', '/appbundles', {
      id: 'Tool',
      engine: FAKE_ENGINE_ID,
    });
    const forged = await postUpload(platform, created.uploadParameters!, bundleZip(), {
      'x-amz-signature': '00'.repeat(32),
    });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    const otherKey = await postUpload(platform, created.uploadParameters!, bundleZip(), {
      key: `apps/${Tester}/Other/1`,
    });
    expect(otherKey.status).toBe(403);
    const notForm = await platform.app.request(created.uploadParameters!.endpointURL, {
      method: 'POST',
      body: 'zip',
      headers: { 'Content-Type': 'application/zip' },
    });
    expect(notForm.status).toBe(400);
    expect(await notForm.text()).toContain('<Code>MalformedPOSTRequest</Code>');
    platform.clock.advance(3601);
    bearer = await freshBearer();
    const expired = await postUpload(platform, created.uploadParameters!, bundleZip());
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Policy expired');
    expect(
      (await platform.stores.daItems.version({ kind: 'appbundle', owner: Tester, name: 'Tool' }, 1))?.blobId,
    ).toBeNull();
  });

  it('refuses a zip over 100 MB while it streams, with EntityTooLarge', async () => {
    const created = await daJson<DaAppBundle>(platform, bearer, 'POST', '/appbundles', {
      id: 'Big',
      engine: FAKE_ENGINE_ID,
    });
    const chunk = new Uint8Array(1024 * 1024);
    const big = new Blob([...Array.from({ length: 100 }, () => chunk), new Uint8Array(1)]);
    const form = new FormData();
    for (const [name, value] of Object.entries(created.uploadParameters!.formData)) form.append(name, value);
    form.append('file', big, 'big.zip');
    const response = await platform.app.request(created.uploadParameters!.endpointURL, { method: 'POST', body: form });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('<Code>EntityTooLarge</Code>');
    expect(
      (await platform.stores.daItems.version({ kind: 'appbundle', owner: Tester, name: 'Big' }, 1))?.blobId,
    ).toBeNull();
  });

  it('answers 409 with a bare string for an existing id, 404 with a bare string for a missing one, 400 for an unknown engine', async () => {
    await daJson(platform, bearer, 'POST', '/appbundles', { id: 'Tool', engine: FAKE_ENGINE_ID });
    const again = await daRequest(platform, bearer, 'POST', '/appbundles', { id: 'Tool', engine: FAKE_ENGINE_ID });
    expect(again.status).toBe(409);
    expect(typeof (await again.json())).toBe('string');
    const missing = await daRequest(platform, bearer, 'GET', `/appbundles/${Tester}.Nothing+prod`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
    expect(await missing.json()).toBe(`AppBundle '${Tester}.Nothing+prod' was not found.`);
    const engine = await daRequest(platform, bearer, 'POST', '/appbundles', {
      id: 'Other',
      engine: 'Autodesk.Nothing+1',
    });
    expect(engine.status).toBe(400);
    expect(await engine.json()).toEqual({
      engine: ["The engine 'Autodesk.Nothing+1' does not exist: GET /engines lists the engines."],
    });
    expect((await daRequest(platform, bearer, 'GET', '/appbundles/Tool')).status).toBe(400);
    expect(
      (await daRequest(platform, bearer, 'POST', '/appbundles', { id: 'bad name', engine: FAKE_ENGINE_ID })).status,
    ).toBe(400);
    expect((await daRequest(platform, bearer, 'POST', '/appbundles', '{"id": "Tool"')).status).toBe(400);
  });

  it('numbers versions, keeps $LATEST on the highest, and deletes versions, aliases and the whole appbundle with 204', async () => {
    await daJson(platform, bearer, 'POST', '/appbundles', { id: 'Tool', engine: FAKE_ENGINE_ID });
    const second = await daJson<DaAppBundle>(platform, bearer, 'POST', '/appbundles/Tool/versions', {
      engine: FAKE_ENGINE_ID,
      description: 'v2',
    });
    expect(second).toMatchObject({
      id: `${Tester}.Tool`,
      version: 2,
      uploadParameters: { formData: { key: `apps/${Tester}/Tool/2` } },
    });
    expect(await daJson(platform, bearer, 'GET', '/appbundles/Tool/versions')).toEqual({
      paginationToken: null,
      data: [1, 2],
    });
    await daJson(platform, bearer, 'POST', '/appbundles/Tool/aliases', { id: 'beta', version: 1 });
    expect(await daJson(platform, bearer, 'GET', '/appbundles/Tool/aliases')).toEqual({
      paginationToken: null,
      data: [
        { version: 2, id: '$LATEST' },
        { version: 1, id: 'beta' },
      ],
    });
    expect(await daJson(platform, bearer, 'GET', '/appbundles/Tool/aliases/$LATEST')).toEqual({
      version: 2,
      id: '$LATEST',
    });
    expect(await daJson(platform, bearer, 'GET', `/appbundles/${Tester}.Tool+$LATEST`)).toMatchObject({
      id: `${Tester}.Tool+$LATEST`,
      version: 2,
      description: 'v2',
    });
    expect(await daJson(platform, bearer, 'GET', '/appbundles/Tool/versions/1')).toMatchObject({
      id: `${Tester}.Tool`,
      version: 1,
    });

    const missingAlias = await daRequest(platform, bearer, 'PATCH', '/appbundles/Tool/aliases/rc', { version: 2 });
    expect(missingAlias.status).toBe(404);
    expect(await missingAlias.text()).toBe('"Cannot modify alias that does not exist."');
    expect(
      (await daRequest(platform, bearer, 'PATCH', '/appbundles/Tool/aliases/$LATEST', { version: 1 })).status,
    ).toBe(400);
    expect(
      (await daRequest(platform, bearer, 'POST', '/appbundles/Tool/aliases', { id: '$LATEST', version: 1 })).status,
    ).toBe(400);
    expect(
      (await daRequest(platform, bearer, 'POST', '/appbundles/Tool/aliases', { id: 'beta', version: 2 })).status,
    ).toBe(409);
    expect(await daJson<DaAlias>(platform, bearer, 'PATCH', '/appbundles/Tool/aliases/beta', { version: 2 })).toEqual({
      version: 2,
      id: 'beta',
    });

    expect((await daRequest(platform, bearer, 'DELETE', '/appbundles/Tool/versions/2')).status).toBe(409);
    expect((await daRequest(platform, bearer, 'DELETE', '/appbundles/Tool/versions/1')).status).toBe(204);
    expect((await daRequest(platform, bearer, 'DELETE', '/appbundles/Tool/aliases/beta')).status).toBe(204);
    expect((await daRequest(platform, bearer, 'DELETE', '/appbundles/Tool/versions/2')).status).toBe(409);
    expect((await daRequest(platform, bearer, 'DELETE', '/appbundles/Tool')).status).toBe(204);
    expect((await daRequest(platform, bearer, 'GET', '/appbundles/Tool/versions')).status).toBe(404);
    expect((await daRequest(platform, bearer, 'DELETE', '/appbundles/Tool')).status).toBe(404);
  });

  it('pages lists by 20 with URL-safe tokens that survive encoding, in both regions', async () => {
    for (let index = 0; index < 12; index++)
      await daJson(platform, bearer, 'POST', '/appbundles', {
        id: `Tool${String(index).padStart(2, '0')}`,
        engine: FAKE_ENGINE_ID,
      });
    for (let index = 0; index < 12; index++)
      await daJson(platform, bearer, 'POST', `/appbundles/Tool${String(index).padStart(2, '0')}/aliases`, {
        id: 'prod',
        version: 1,
      });
    const first = await daJson<DaPage<string>>(platform, bearer, 'GET', '/appbundles');
    expect(first.data).toHaveLength(20);
    expect(first.data.slice(0, 3)).toEqual([
      `${Tester}.Tool00+$LATEST`,
      `${Tester}.Tool00+prod`,
      `${Tester}.Tool01+$LATEST`,
    ]);
    expect(first.paginationToken).toMatch(/^[A-Za-z0-9_-]+$/);
    // The .NET client sends the token encoded twice; it comes back the same.
    const second = await daJson<DaPage<string>>(
      platform,
      bearer,
      'GET',
      `/appbundles?page=${encodeURIComponent(encodeURIComponent(first.paginationToken!))}`,
    );
    expect(second).toEqual({ paginationToken: null, data: expect.any(Array) });
    expect([...first.data, ...second.data]).toHaveLength(24);
    const west = await platform.request('/da/us-west/v3/appbundles', { headers: bearer });
    expect(((await west.json()) as DaPage<string>).data).toEqual(first.data);
    const bad = await daRequest(platform, bearer, 'GET', '/appbundles?page=not-ours');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      page: ['The page token is not valid: use the paginationToken of the previous page.'],
    });
  });
});

describe('activities', () => {
  it('binds property names whatever their case, echoes what was sent, and answers GET by qualified id with the alias', async () => {
    const created = await daRequest(platform, bearer, 'POST', '/activities', {
      Id: 'Copy',
      ENGINE: FAKE_ENGINE_ID,
      commandline: ['$(engine.path)/fake copy "$(args[input].path)" "$(args[output].path)"'],
      Parameters: {
        input: { Verb: 'get', localName: 'in.txt' },
        output: { verb: 'put', LocalName: 'out.txt', required: true },
      },
      settings: { script: 'x' },
    });
    expect(created.status).toBe(200);
    expect(await created.json()).toEqual({
      commandLine: ['$(engine.path)/fake copy "$(args[input].path)" "$(args[output].path)"'],
      parameters: {
        input: { verb: 'get', localName: 'in.txt' },
        output: { verb: 'put', localName: 'out.txt', required: true },
      },
      id: `${Tester}.Copy`,
      engine: FAKE_ENGINE_ID,
      settings: { script: 'x' },
      version: 1,
    } satisfies DaActivity);
    await daJson(platform, bearer, 'POST', '/activities/Copy/aliases', { id: 'prod', version: 1 });
    expect(await daJson(platform, bearer, 'GET', `/activities/${Tester}.Copy+prod`)).toMatchObject({
      id: `${Tester}.Copy+prod`,
      version: 1,
    });
    expect(await daJson(platform, bearer, 'GET', '/activities')).toEqual({
      paginationToken: null,
      data: [`${Tester}.Copy+$LATEST`, `${Tester}.Copy+prod`],
    });
  });

  it('refuses a path variable outside quotes with the real 400 body', async () => {
    const line = '$(engine.path)\\InventorCoreConsole.exe /i $(args[inputFile].path)';
    const response = await daRequest(platform, bearer, 'POST', '/activities', {
      ...activity('Bad'),
      commandLine: [line],
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      commandLine: [
        `Invalid switch [[${JSON.stringify(line)}]]. Variables that expand to paths must be quoted. (Parameter 'commandLine')`,
      ],
    });
    const single = await daJson<DaActivity>(platform, bearer, 'POST', '/activities', {
      ...activity('Fine'),
      commandLine: '$(engine.path)/fake print "$(appbundles[Tool].path)" $(settings[x].path)',
    });
    expect(single.commandLine).toBe('$(engine.path)/fake print "$(appbundles[Tool].path)" $(settings[x].path)');
  });

  it('checks appbundles, parameters and the payload limit', async () => {
    const unknown = await daRequest(
      platform,
      bearer,
      'POST',
      '/activities',
      activity('A', { appbundles: [`${Tester}.Missing+prod`] }),
    );
    expect(await unknown.json()).toEqual({
      appbundles: [`The appbundle '${Tester}.Missing+prod' does not exist or is not shared with this app.`],
    });
    expect(
      (await daRequest(platform, bearer, 'POST', '/activities', activity('B', { appbundles: ['NotQualified'] })))
        .status,
    ).toBe(400);
    expect(
      (
        await daRequest(
          platform,
          bearer,
          'POST',
          '/activities',
          activity('C', { parameters: { x: { verb: 'delete' } } }),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await daRequest(
          platform,
          bearer,
          'POST',
          '/activities',
          activity('D', { parameters: { x: { localName: '../escape' } } }),
        )
      ).status,
    ).toBe(400);
    const huge = await daRequest(
      platform,
      bearer,
      'POST',
      '/activities',
      activity('E', { description: 'x'.repeat(1000), settings: { big: 'y'.repeat(17 * 1024) } }),
    );
    expect(huge.status).toBe(400);
    expect(await huge.json()).toEqual({ body: ['The request payload is larger than 16 KB (limitPayloadSizeInKB).'] });
    expect(await daJson(platform, bearer, 'GET', '/activities')).toEqual({ paginationToken: null, data: [] });
  });
});

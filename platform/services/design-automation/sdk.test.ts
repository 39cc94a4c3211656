import { AutodeskForgeDesignAutomationApi, AutodeskForgeDesignAutomationClient } from 'autodesk.forge.designautomation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DaActivity, DaAlias, DaAppBundle, DaPage, WorkItemStatus } from '../../../contracts/design-automation';
import { bundleZip, signedDownloadUrl, uploadForm } from '../../testing/design-automation';
import { FAKE_ENGINE_ID, type FakeAutomationEngine } from '../../testing/fake-automation-engine';
import { listen } from '../../testing/listen';
import { waitUntil } from '../../testing/model-derivative';
import { createBucket, putObject, serverApp } from '../../testing/oss';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// The official client (autodesk.forge.designautomation) against a listening platform: the wire as
// real Design Automation clients speak it. Until platform/automation's engine is wired in, the
// workitems run on the fake engine, which still moves their bytes through the platform.
let platform: TestPlatform;
let server: Awaited<ReturnType<typeof listen>>;
let api: AutodeskForgeDesignAutomationApi;
let oss: Awaited<ReturnType<typeof serverApp>>;
let bucketKey: string;
beforeAll(async () => {
  platform = await createTestPlatform();
  server = await listen(platform);
  oss = await serverApp(platform, 'code:all data:read data:write data:create bucket:create bucket:read');
  bucketKey = (await createBucket(platform, oss.bearer)).bucketKey;
  const client = new AutodeskForgeDesignAutomationClient({
    retry: { maxNumberOfRetries: 1, backoffDelay: 100, backoffPolicy: 'exponentialBackoffWithJitter' },
    requestTimeout: 20_000,
  });
  client.basePath = `${server.url}/da/us-east`;
  // The client's auth manager is a module singleton: this token is every client's.
  (
    client as unknown as { authManager: { authentications: Record<string, { accessToken: string }> } }
  ).authManager.authentications['2-legged']!.accessToken = oss.token;
  api = new AutodeskForgeDesignAutomationApi(client);
});
afterAll(async () => {
  await server.close();
  await platform.close();
});

/** The browser form POST of the tutorials: every field of formData, then the zip as `file`, last. */
async function upload(bundle: DaAppBundle, bytes: Uint8Array) {
  const response = await fetch(bundle.uploadParameters!.endpointURL, {
    method: 'POST',
    body: uploadForm(bundle.uploadParameters!, bytes),
  });
  expect(response.status).toBe(200);
}

/** What the client rejects with: superagent's error, its status and the parsed body. */
async function rejection(promise: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  const error = (await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )) as { status: number; response: { body: unknown; text: string } } | undefined;
  if (!error) throw new Error('the call succeeded');
  return {
    status: error.status,
    body:
      typeof error.response.body === 'object' && error.response.body !== null && Object.keys(error.response.body).length
        ? error.response.body
        : JSON.parse(error.response.text),
  };
}

// The typings make `page` required; the client sends no page parameter when it is absent.
const FIRST_PAGE = {} as { page: string };
const statusOf = async (id: string) => (await api.getWorkitemStatus(id)) as WorkItemStatus;

describe('autodesk.forge.designautomation against the platform', () => {
  it('sets a nickname, creates and uploads an appbundle with versions and aliases, defines an activity and runs a workitem from an OSS input to an OSS output', async () => {
    await api.createNickname('me', { nickname: 'SdkTester' });
    expect(await api.getNickname('me')).toBe('SdkTester');
    expect(((await api.getEngines(FIRST_PAGE)) as DaPage<string>).data).toContain(FAKE_ENGINE_ID);
    expect(await api.healthStatus('Fake')).toEqual({ Status: 'Fully Operational' });

    const first = (await api.createAppBundle({
      id: 'MyApp',
      engine: FAKE_ENGINE_ID,
      description: 'Copies a file',
    })) as DaAppBundle;
    expect(first).toMatchObject({ id: 'SdkTester.MyApp', version: 1 });
    await upload(first, bundleZip());
    expect(await api.createAppBundleAlias('MyApp', { id: 'prod', version: 1 })).toMatchObject({
      id: 'prod',
      version: 1,
    });
    const second = (await api.createAppBundleVersion('MyApp', {
      engine: FAKE_ENGINE_ID,
      description: 'Second',
    })) as DaAppBundle;
    expect(second.version).toBe(2);
    await upload(second, bundleZip({ 'MyApp.bundle/v2.txt': 'two' }));
    expect(await api.modifyAppBundleAlias('MyApp', 'prod', { version: 2 })).toMatchObject({ id: 'prod', version: 2 });
    expect(((await api.getAppBundleVersions('MyApp', FIRST_PAGE)) as DaPage<number>).data).toEqual([1, 2]);
    expect(((await api.getAppBundleAliases('MyApp', FIRST_PAGE)) as DaPage<DaAlias>).data).toEqual([
      { id: '$LATEST', version: 2 },
      { id: 'prod', version: 2 },
    ]);
    const read = (await api.getAppBundle('SdkTester.MyApp+prod')) as DaAppBundle;
    expect(read).toMatchObject({ id: 'SdkTester.MyApp+prod', version: 2, description: 'Second' });
    expect((await fetch(read.package!)).status).toBe(200);

    const activity = (await api.createActivity({
      id: 'CopyFile',
      engine: FAKE_ENGINE_ID,
      appbundles: ['SdkTester.MyApp+prod'],
      commandLine: ['$(engine.path)/fake copy "$(args[inputFile].path)" "$(args[outputFile].path)"'],
      parameters: {
        inputFile: { verb: 'get', localName: 'input.ifc', required: true },
        outputFile: { verb: 'put', localName: 'output.ifc' },
      },
    })) as DaActivity;
    expect(activity).toMatchObject({ id: 'SdkTester.CopyFile', version: 1 });
    await api.createActivityAlias('CopyFile', { id: 'prod', version: 1 });
    expect(((await api.getActivities(FIRST_PAGE)) as DaPage<string>).data).toEqual([
      'SdkTester.CopyFile+$LATEST',
      'SdkTester.CopyFile+prod',
    ]);

    const bytes = new TextEncoder().encode('ISO-10303-21;\nEND-ISO-10303-21;\n');
    expect((await putObject(platform, oss.bearer, bucketKey, 'input.ifc', bytes)).status).toBe(200);
    const workitem = (await api.createWorkItem({
      activityId: 'SdkTester.CopyFile+prod',
      arguments: {
        inputFile: { url: await signedDownloadUrl(platform, oss.bearer, bucketKey, 'input.ifc') },
        outputFile: {
          url: `urn:adsk.objects:os.object:${bucketKey}/output.ifc`,
          verb: 'put',
          headers: { Authorization: `Bearer ${oss.token}` },
        },
      },
    })) as WorkItemStatus;
    expect(workitem.status).toBe('pending');
    await waitUntil(async () => (await statusOf(workitem.id)).status === 'success');
    const done = await statusOf(workitem.id);
    expect(done.stats).toMatchObject({
      bytesDownloaded: bytes.length,
      bytesUploaded: bytes.length,
      timeFinished: new Date('2026-01-01T00:00:00Z'),
    });
    expect(await (await fetch(done.reportUrl!)).text()).toContain('Job finished with result Succeeded');
    const output = await fetch(await signedDownloadUrl(platform, oss.bearer, bucketKey, 'output.ifc'));
    expect(new Uint8Array(await output.arrayBuffer())).toEqual(bytes);
  });

  it('cancels a running workitem and answers errors as the real service does', async () => {
    await api.createActivity({ id: 'Hold', engine: FAKE_ENGINE_ID, commandLine: ['$(engine.path)/fake hold'] });
    await api.createActivityAlias('Hold', { id: 'prod', version: 1 });
    const workitem = (await api.createWorkItem({ activityId: 'SdkTester.Hold+prod' })) as WorkItemStatus;
    await (platform.automation as FakeAutomationEngine).nextHeld();
    expect(await api.deleteWorkitem(workitem.id)).toBeNull();
    expect((await statusOf(workitem.id)).status).toBe('cancelled');

    expect(await rejection(api.getAppBundle('SdkTester.Nothing+prod'))).toEqual({
      status: 404,
      body: "AppBundle 'SdkTester.Nothing+prod' was not found.",
    });
    expect(await rejection(api.modifyAppBundleAlias('MyApp', 'rc', { version: 2 }))).toEqual({
      status: 404,
      body: 'Cannot modify alias that does not exist.',
    });
    expect((await rejection(api.createAppBundle({ id: 'MyApp', engine: FAKE_ENGINE_ID }))).status).toBe(409);
    expect(await rejection(api.createWorkItem({ activityId: 'SdkTester.CopyFile+prod', arguments: {} }))).toEqual({
      status: 400,
      body: { arguments: ["The required argument 'inputFile' is missing."] },
    });
  });
});

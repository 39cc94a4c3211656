import {
  AppBundle,
  AutodeskForgeDesignAutomationApi,
  AutodeskForgeDesignAutomationClient,
} from 'autodesk.forge.designautomation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DaAppBundle, WorkItemStatus } from '../../../contracts/design-automation';
import { bundleZip, daApp, daRequest, uploadForm } from '../../testing/design-automation';
import { FAKE_ENGINE_ID } from '../../testing/fake-automation-engine';
import { listen } from '../../testing/listen';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// Issue 48 §2: Autodesk's Design Automation samples (learn.forge.designautomation and its copies)
// build the create body with `AppBundle.constructFromObject({ package: name, engine, id, description })`
// and send the same for a new version. The real service takes it; the zip still comes by the form.
let platform: TestPlatform;
let server: Awaited<ReturnType<typeof listen>>;
let api: AutodeskForgeDesignAutomationApi;
let bearer: Record<string, string>;
beforeAll(async () => {
  platform = await createTestPlatform();
  server = await listen(platform);
  const app = await daApp(platform);
  bearer = app.bearer;
  const client = new AutodeskForgeDesignAutomationClient({
    retry: { maxNumberOfRetries: 1, backoffDelay: 100, backoffPolicy: 'exponentialBackoffWithJitter' },
    requestTimeout: 20_000,
  });
  client.basePath = `${server.url}/da/us-east`;
  // The client's auth manager is a module singleton: this token is every client's.
  (
    client as unknown as { authManager: { authentications: Record<string, { accessToken: string }> } }
  ).authManager.authentications['2-legged']!.accessToken = app.token;
  api = new AutodeskForgeDesignAutomationApi(client);
});
afterAll(async () => {
  await server.close();
  await platform.close();
});

async function upload(bundle: DaAppBundle, bytes: Uint8Array) {
  const response = await fetch(bundle.uploadParameters!.endpointURL, {
    method: 'POST',
    body: uploadForm(bundle.uploadParameters!, bytes),
  });
  expect(response.status).toBe(200);
}

describe('an appbundle body with `package` holding the bundle name, as the samples send it', () => {
  it('creates the bundle and a version through the official client, takes each zip through uploadParameters, and runs an activity on it', async () => {
    await api.createNickname('me', { nickname: 'Sampler' });
    const spec = (description: string) =>
      AppBundle.constructFromObject(
        { package: 'MyBundle', engine: FAKE_ENGINE_ID, id: 'MyBundle', description },
        undefined,
      ) as object;

    const first = (await api.createAppBundle(spec('Description for MyBundle'))) as DaAppBundle;
    // Nothing is echoed: the name is not a URL, and the zip has none until it is uploaded.
    expect(first).toEqual({
      uploadParameters: expect.any(Object) as object,
      id: 'Sampler.MyBundle',
      engine: FAKE_ENGINE_ID,
      description: 'Description for MyBundle',
      version: 1,
    });
    await upload(first, bundleZip());
    await api.createAppBundleAlias('MyBundle', { id: 'prod', version: 1 });
    const second = (await api.createAppBundleVersion('MyBundle', spec('Second'))) as DaAppBundle;
    expect(second).toMatchObject({ id: 'Sampler.MyBundle', version: 2 });
    expect(second.package).toBeUndefined();
    const zip = bundleZip({ 'MyBundle.bundle/PackageContents.xml': '<ApplicationPackage Version="2"/>' });
    await upload(second, zip);
    await api.modifyAppBundleAlias('MyBundle', 'prod', { version: 2 });

    // A read answers `package` as the signed URL of the uploaded zip, never the name that was sent.
    const read = (await api.getAppBundle('Sampler.MyBundle+prod')) as DaAppBundle;
    expect(read).toMatchObject({ id: 'Sampler.MyBundle+prod', version: 2, description: 'Second' });
    expect(read.package).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/da\/store\//);
    expect(new Uint8Array(await (await fetch(read.package!)).arrayBuffer())).toEqual(zip);

    await api.createActivity({
      id: 'UseBundle',
      engine: FAKE_ENGINE_ID,
      appbundles: ['Sampler.MyBundle+prod'],
      commandLine: ['$(engine.path)/fake print "$(appbundles[MyBundle].path)"'],
    });
    await api.createActivityAlias('UseBundle', { id: 'prod', version: 1 });
    const workitem = (await api.createWorkItem({ activityId: 'Sampler.UseBundle+prod' })) as WorkItemStatus;
    await platform.app.workitems.idle();
    expect(((await api.getWorkitemStatus(workitem.id)) as WorkItemStatus).status).toBe('success');
  });

  it('still checks that package is a string', async () => {
    const response = await daRequest(platform, bearer, 'POST', '/appbundles', {
      id: 'Odd',
      engine: FAKE_ENGINE_ID,
      package: { url: 'x' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ package: ['package must be a string.'] });
  });
});

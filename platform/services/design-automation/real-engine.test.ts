import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AutodeskForgeDesignAutomationApi, AutodeskForgeDesignAutomationClient } from 'autodesk.forge.designautomation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DaAppBundle, WorkItemStatus } from '../../../contracts/design-automation';
import { createWorkitemEngine } from '../../automation/engine';
import { exampleBundles } from '../../automation/examples';
import { demoBuildingIfc } from '../../demo/ifc-building';
import { uploadForm } from '../../testing/design-automation';
import { listen } from '../../testing/listen';
import { createBucket, putObject, serverApp } from '../../testing/oss';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// The service and the real engines together, driven by the official client on a listening platform:
// the shipped IFC property export runs in its sandbox on an IFC the project writes itself, from an
// OSS input to an OSS output, and an Autodesk engine's workitem fails saying it does not run here.
let platform: TestPlatform;
let server: Awaited<ReturnType<typeof listen>>;
let api: AutodeskForgeDesignAutomationApi;
let oss: Awaited<ReturnType<typeof serverApp>>;
let bucketKey: string;
let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'ddm-da-real-'));
  const automation = createWorkitemEngine({ workers: 1, workDir, heartbeatMs: 60_000 });
  platform = await createTestPlatform({}, { automation });
  server = await listen(platform);
  oss = await serverApp(platform, 'code:all data:read data:write data:create bucket:create bucket:read');
  bucketKey = (await createBucket(platform, oss.bearer)).bucketKey;
  const client = new AutodeskForgeDesignAutomationClient({
    retry: { maxNumberOfRetries: 1, backoffDelay: 100, backoffPolicy: 'exponentialBackoffWithJitter' },
    requestTimeout: 20_000,
  });
  client.basePath = `${server.url}/da/us-east`;
  (
    client as unknown as { authManager: { authentications: Record<string, { accessToken: string }> } }
  ).authManager.authentications['2-legged']!.accessToken = oss.token;
  api = new AutodeskForgeDesignAutomationApi(client);
});
afterAll(async () => {
  await server.close();
  await platform.close();
  await platform.automation.close();
  await rm(workDir, { recursive: true, force: true });
});

const statusOf = async (id: string) => (await api.getWorkitemStatus(id)) as WorkItemStatus;
const finished = async (id: string) => {
  await expect
    .poll(async () => (await statusOf(id)).status, { timeout: 120_000, interval: 100 })
    .not.toMatch(/^(pending|inprogress)$/);
  return statusOf(id);
};

describe('Design Automation with the local engines', () => {
  it('runs the shipped IFC property export from an OSS input to an OSS output', async () => {
    const example = (await exampleBundles()).find((candidate) => candidate.name === 'IfcPropertiesCsv')!;
    await api.createNickname('me', { nickname: 'RealEngine' });
    const bundle = (await api.createAppBundle({
      id: example.name,
      engine: example.engine,
      description: example.description,
    })) as DaAppBundle;
    const uploaded = await fetch(bundle.uploadParameters!.endpointURL, {
      method: 'POST',
      body: uploadForm(bundle.uploadParameters!, example.zip),
    });
    expect(uploaded.status).toBe(200);
    await api.createAppBundleAlias(example.name, { id: 'prod', version: 1 });
    await api.createActivity(example.activity('RealEngine', 'prod'));
    await api.createActivityAlias(example.name, { id: 'prod', version: 1 });

    const ifc = new TextEncoder().encode(demoBuildingIfc({ storeys: 1 }));
    expect((await putObject(platform, oss.bearer, bucketKey, 'building.ifc', ifc)).status).toBe(200);
    const auth = { Authorization: `Bearer ${oss.token}` };
    const created = (await api.createWorkItem({
      activityId: `RealEngine.${example.name}+prod`,
      arguments: {
        model: { url: `urn:adsk.objects:os.object:${bucketKey}/building.ifc`, headers: auth },
        properties: {
          url: `${server.url}/oss/v2/buckets/${bucketKey}/objects/properties.csv`,
          verb: 'put',
          headers: auth,
        },
      },
    })) as WorkItemStatus;
    const done = await finished(created.id);
    const report = await (await fetch(done.reportUrl!)).text();
    expect(done.status, report).toBe('success');
    expect(done.stats.bytesDownloaded).toBe(ifc.length);
    expect(report).toMatch(/^\[\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d\] Starting work item /m);
    expect(report).toContain('Job finished with result Succeeded');

    const csv = await (
      await fetch(`${server.url}/oss/v2/buckets/${bucketKey}/objects/properties.csv`, { headers: auth })
    ).text();
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    expect(header).toBe('GlobalId,Class,Name,PropertySet,Property,Value');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^[\w$]{22},IfcWall,South Wall Ground Floor,Pset_WallCommon,FireRating,REI 90$/),
      ]),
    );
    expect(done.stats.bytesUploaded).toBe(new TextEncoder().encode(csv).length);
  });

  it('fails a workitem of an Autodesk engine with failedInstructions, saying that engine does not run here', async () => {
    const autocad = platform.automation.engines.find(
      (engine) => engine.id.startsWith('Autodesk.AutoCAD') && !engine.runsLocally,
    )!;
    await api.createActivity({
      id: 'PlotToPdf',
      engine: autocad.id,
      commandLine: ['$(engine.path)\\accoreconsole.exe /i "$(args[drawing].path)"'],
      parameters: { drawing: { verb: 'get', localName: 'drawing.dwg' } },
    });
    await api.createActivityAlias('PlotToPdf', { id: 'prod', version: 1 });
    const created = (await api.createWorkItem({
      activityId: 'RealEngine.PlotToPdf+prod',
      arguments: { drawing: { url: 'data:application/octet-stream;base64,AAAA' } },
    })) as WorkItemStatus;
    const done = await finished(created.id);
    expect(done.status).toBe('failedInstructions');
    expect(await (await fetch(done.reportUrl!)).text()).toContain('does not run on this local platform');
  });
});

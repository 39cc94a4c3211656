import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Manifest } from '../../../contracts/model-derivative';
import { FakeTranslator } from '../../testing/fake-translator';
import { designInBucket, mdPath, postJob, restartedApp } from '../../testing/model-derivative';
import { createTestPlatform, TEST_ISSUER, type TestPlatform } from '../../testing/test-platform';

// A restart is a new app over the same database, blobs and work folder, with a new translator.
type PlatformApp = Awaited<ReturnType<typeof restartedApp>>;

let platform: TestPlatform;
let first: FakeTranslator;
const restarted: PlatformApp[] = [];
beforeEach(async () => {
  first = new FakeTranslator('held');
  platform = await createTestPlatform({}, { translator: first });
});
afterEach(async () => {
  for (const app of restarted.splice(0)) await app.jobs.close();
  await platform.close();
});

async function restart(translator: FakeTranslator): Promise<PlatformApp> {
  const app = await restartedApp(platform, translator);
  restarted.push(app);
  return app;
}

async function manifestFrom(app: PlatformApp, bearer: Record<string, string>, urn: string): Promise<Manifest> {
  const response = await app.request(`${TEST_ISSUER}${mdPath(`/${urn}/manifest`)}`, { headers: bearer });
  expect(response.status).toBe(200);
  return (await response.json()) as Manifest;
}

/** A job held mid-run by the first translator, then the platform stopped under it. */
async function jobInterruptedOnce() {
  const design = await designInBucket(platform);
  expect((await postJob(platform, design.bearer, design.urn, [{ type: 'svf2' }, { type: 'obj' }])).status).toBe(200);
  const held = await first.nextHeld();
  held.progress(40);
  await platform.app.jobs.close();
  expect(held.signal.aborted).toBe(true);
  // A stop records no end: the job stays inprogress for the next start to pick up.
  const [job] = await platform.stores.mdJobs.allLive();
  expect(job).toMatchObject({ status: 'inprogress', attempts: 1 });
  return design;
}

describe('model derivative jobs across a restart', () => {
  it('resumes a job the stop interrupted, runs it from scratch and finishes it', async () => {
    const { bearer, urn } = await jobInterruptedOnce();
    const second = new FakeTranslator('auto');
    const app = await restart(second);
    await app.jobs.idle();

    expect(second.requests).toHaveLength(1);
    expect(second.requests[0]).toMatchObject({ fileName: 'house.ifc', outputs: [{ type: 'svf2' }, { type: 'obj' }] });
    const manifest = await manifestFrom(app, bearer, urn);
    expect(manifest).toMatchObject({ status: 'success', progress: 'complete' });
    expect(manifest.derivatives.map((derivative) => [derivative.outputType, derivative.status]).sort()).toEqual([
      ['obj', 'success'],
      ['svf2', 'success'],
    ]);
    expect(await platform.stores.mdJobs.allLive()).toEqual([]);
  });

  it('fails a job interrupted twice with a message saying so, and never leaves it inprogress', async () => {
    const { bearer, urn } = await jobInterruptedOnce();
    const second = new FakeTranslator('held');
    const secondApp = await restart(second);
    const held = await second.nextHeld();
    expect((await manifestFrom(secondApp, bearer, urn)).status).toBe('inprogress');
    await secondApp.jobs.close();
    expect(held.signal.aborted).toBe(true);

    const third = new FakeTranslator('auto');
    const app = await restart(third);
    await app.jobs.idle();
    expect(third.requests).toHaveLength(0);
    const manifest = await manifestFrom(app, bearer, urn);
    expect(manifest.status).toBe('failed');
    for (const derivative of manifest.derivatives) {
      expect(derivative.status).toBe('failed');
      expect(derivative.messages).toContainEqual({
        type: 'error',
        code: 'TranslationWorker-Interrupted',
        message: expect.stringContaining('stopped 2 times'),
      });
    }
    expect(await platform.stores.mdJobs.allLive()).toEqual([]);

    // The design can be translated again afterwards.
    const again = await app.request(`${TEST_ISSUER}${mdPath('/job')}`, {
      method: 'POST',
      headers: { ...bearer, 'Content-Type': 'application/json', 'x-ads-force': 'true' },
      body: JSON.stringify({ input: { urn }, output: { formats: [{ type: 'obj' }] } }),
    });
    expect(again.status).toBe(200);
    await app.jobs.idle();
    expect((await manifestFrom(app, bearer, urn)).status).toBe('success');
  });

  it('starts a job still pending at the stop', async () => {
    const { bearer, urn } = await designInBucket(platform);
    // Recorded but never started: the job row as a crash right after the POST would leave it.
    await platform.app.jobs.close();
    expect((await postJob(platform, bearer, urn, [{ type: 'stl' }])).status).toBe(200);
    expect(await platform.stores.mdJobs.allLive()).toMatchObject([{ status: 'pending', attempts: 0 }]);
    const app = await restart(new FakeTranslator('auto'));
    await app.jobs.idle();
    expect((await manifestFrom(app, bearer, urn)).status).toBe('success');
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WorkItemStatus } from '../../../contracts/design-automation';
import type { RunHooks, RunOutcome, RunPlan } from '../../automation/engine-types';
import { daApp, daPath, daRequest, defineActivity, restartedWithEngine } from '../../testing/design-automation';
import { FakeAutomationEngine } from '../../testing/fake-automation-engine';
import { createTestPlatform, TEST_ISSUER, type TestPlatform } from '../../testing/test-platform';

/** An engine whose queue never moves: every workitem stays pending until it is cancelled. */
class StuckQueue extends FakeAutomationEngine {
  override run(_plan: RunPlan, _hooks: RunHooks, signal: AbortSignal): Promise<RunOutcome> {
    return new Promise((resolve) => {
      const leave = () => resolve({ status: 'cancelled', message: 'Removed from the queue.' });
      if (signal.aborted) leave();
      else signal.addEventListener('abort', leave, { once: true });
    });
  }
}

type PlatformApp = Awaited<ReturnType<typeof restartedWithEngine>>;

let platform: TestPlatform;
const restarted: PlatformApp[] = [];
beforeEach(async () => {
  platform = await createTestPlatform();
});
afterEach(async () => {
  for (const app of restarted.splice(0)) await app.workitems.close();
  await platform.close();
});

/** What `main.ts` does at a start: a new app over the same database, blobs and work folder, resuming the workitems left live. */
async function restart(engine: FakeAutomationEngine): Promise<PlatformApp> {
  const app = await restartedWithEngine(platform, engine);
  restarted.push(app);
  return app;
}

async function statusFrom(app: PlatformApp, bearer: Record<string, string>, id: string): Promise<WorkItemStatus> {
  const response = await app.request(`${TEST_ISSUER}${daPath(`/workitems/${id}`)}`, { headers: bearer });
  expect(response.status).toBe(200);
  return (await response.json()) as WorkItemStatus;
}

async function heldWorkitem() {
  const { bearer } = await daApp(platform);
  await daRequest(platform, bearer, 'PATCH', '/forgeapps/me', { nickname: 'Restarter' });
  const activityId = await defineActivity(platform, bearer, 'Restarter', {
    id: 'Hold',
    commandLine: ['$(engine.path)/fake hold', '$(engine.path)/fake print after the hold'],
  });
  const { id } = (await (
    await daRequest(platform, bearer, 'POST', '/workitems', { activityId })
  ).json()) as WorkItemStatus;
  return { bearer, id };
}

describe('workitems across a restart', () => {
  it('runs again, from the start, a workitem the stop interrupted, and finishes it', async () => {
    const { bearer, id } = await heldWorkitem();
    const held = await (platform.automation as FakeAutomationEngine).nextHeld();
    await platform.app.workitems.close();
    expect(held.signal.aborted).toBe(true);
    expect(await platform.stores.daWorkitems.allLive()).toMatchObject([{ id, status: 'inprogress', attempts: 1 }]);

    const second = new FakeAutomationEngine(platform.clock);
    const app = await restart(second);
    (await second.nextHeld()).release();
    await app.workitems.idle();
    expect(second.plans).toHaveLength(1);
    expect(await statusFrom(app, bearer, id)).toMatchObject({ status: 'success' });
  });

  it('fails a workitem interrupted twice, in words, instead of running it a third time', async () => {
    const { bearer, id } = await heldWorkitem();
    await (platform.automation as FakeAutomationEngine).nextHeld();
    await platform.app.workitems.close();
    const second = new FakeAutomationEngine(platform.clock);
    const secondApp = await restart(second);
    await second.nextHeld();
    await secondApp.workitems.close();

    const third = new FakeAutomationEngine(platform.clock);
    const app = await restart(third);
    await app.workitems.idle();
    expect(third.plans).toHaveLength(0);
    const ended = await statusFrom(app, bearer, id);
    expect(ended.status).toBe('failedInstructions');
    expect(await (await app.request(ended.reportUrl!)).text()).toContain(
      'the platform stopped 2 times while this workitem ran',
    );
    expect(await platform.stores.daWorkitems.allLive()).toEqual([]);
  });

  it('cancels a pending workitem at once, and starts one still pending at the stop', async () => {
    const queued = new StuckQueue(platform.clock);
    const app = await restart(queued);
    const { bearer } = await daApp(platform);
    await daRequest(platform, bearer, 'PATCH', '/forgeapps/me', { nickname: 'Queued' });
    const activityId = await defineActivity(platform, bearer, 'Queued', {
      id: 'Print',
      commandLine: ['$(engine.path)/fake print hi'],
    });
    const post = async () =>
      (await (
        await app.request(`${TEST_ISSUER}${daPath('/workitems')}`, {
          method: 'POST',
          headers: { ...bearer, 'Content-Type': 'application/json' },
          body: JSON.stringify({ activityId }),
        })
      ).json()) as WorkItemStatus;
    const first = await post();
    const second = await post();
    expect((await statusFrom(app, bearer, first.id)).status).toBe('pending');
    const deleted = await app.request(`${TEST_ISSUER}${daPath(`/workitems/${first.id}`)}`, {
      method: 'DELETE',
      headers: bearer,
    });
    expect(deleted.status).toBe(204);
    const cancelled = await statusFrom(app, bearer, first.id);
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      stats: { timeQueued: expect.any(String), timeFinished: expect.any(String) },
    });
    expect(cancelled.stats.timeDownloadStarted).toBeUndefined();

    await app.workitems.close();
    expect(await platform.stores.daWorkitems.allLive()).toMatchObject([
      { id: second.id, status: 'pending', attempts: 0 },
    ]);
    const next = await restart(new FakeAutomationEngine(platform.clock));
    await next.workitems.idle();
    expect((await statusFrom(next, bearer, second.id)).status).toBe('success');
  });
});

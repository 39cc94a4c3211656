import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkItemStatus } from '../../contracts/design-automation';
import { ensureDemo } from '../cli/demo';
import { bundleZip, daJson, workitemOf } from '../testing/design-automation';
import { FAKE_ENGINE_ID } from '../testing/fake-automation-engine';
import { createTestPlatform, type TestPlatform } from '../testing/test-platform';
import { DEMO_NICKNAME, type AutomationExample } from './automation-examples';
import { serverApp } from '../testing/oss';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(async () => {
  await platform.close();
});

const example: AutomationExample = {
  name: 'Hello',
  engine: FAKE_ENGINE_ID,
  description: 'Says hello',
  zip: bundleZip(),
  activity: (owner, alias) => ({
    id: 'Hello',
    engine: FAKE_ENGINE_ID,
    commandLine: ['$(engine.path)/fake print hello "$(appbundles[Hello].path)"'],
    parameters: {},
    appbundles: [`${owner}.Hello+${alias}`],
  }),
};

describe('admin demo and Design Automation', () => {
  it('registers the examples for the demo app once, ready to run', async () => {
    const ctx = { stores: platform.stores, blobs: platform.blobs, clock: platform.clock };
    const demo = await ensureDemo(ctx, [], [example]);
    await ensureDemo(ctx, [], [example]);
    const versions = await platform.stores.daItems.versions(
      { kind: 'activity', owner: DEMO_NICKNAME, name: 'Hello' },
      0,
      10,
    );
    expect(versions).toEqual([1]);
    // The demo app is a single-page app; a 2-legged token of another app could not see its activities, so read them directly.
    expect(await platform.stores.daItems.listVisible('activity', DEMO_NICKNAME, [DEMO_NICKNAME], null, 10)).toEqual([
      { mine: 0, owner: DEMO_NICKNAME, name: 'Hello', alias: '$LATEST' },
      { mine: 0, owner: DEMO_NICKNAME, name: 'Hello', alias: 'prod' },
    ]);
    expect((await platform.stores.daApps.find(demo.client_id))?.nickname).toBe(DEMO_NICKNAME);
    expect(
      (await platform.stores.daItems.version({ kind: 'appbundle', owner: DEMO_NICKNAME, name: 'Hello' }, 1))?.blobSize,
    ).toBe(example.zip.length);

    // Shared with another app, the example runs as any activity does.
    await platform.stores.daItems.createAlias(
      { kind: 'activity', owner: DEMO_NICKNAME, name: 'Hello' },
      { alias: 'shared', version: 1, receiver: 'everyone' },
      platform.clock.now(),
      100,
    );
    const other = await serverApp(platform, 'code:all');
    const { id } = await daJson<WorkItemStatus>(platform, other.bearer, 'POST', '/workitems', {
      activityId: `${DEMO_NICKNAME}.Hello+shared`,
    });
    await platform.app.workitems.idle();
    expect((await workitemOf(platform, other.bearer, id)).status).toBe('success');
  });
});

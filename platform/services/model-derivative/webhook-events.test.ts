import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ModelDerivativeErrorBody } from '../../../contracts/model-derivative';
import { objectUrn } from '../../../contracts/oss';
import { FakeTranslator } from '../../testing/fake-translator';
import { designInBucket, mdPath } from '../../testing/model-derivative';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';
import { recordedEvents } from '../../testing/webhook-events';
import { TranslationTimeoutError } from '../../translation/engine-types';

// A job with `misc.workflow` tells its start and its end as Webhooks events (wh_events); one without, nothing.
let platform: TestPlatform;
let fake: FakeTranslator;
beforeEach(async () => {
  fake = new FakeTranslator();
  platform = await createTestPlatform({}, { translator: fake });
});
afterEach(async () => {
  await platform.close();
});

const events = async () => (await recordedEvents(platform.stores.db)).map(({ id: _id, ...event }) => event);

function postJob(bearer: Record<string, string>, urn: string, misc?: unknown) {
  return platform.request(mdPath('/job'), {
    method: 'POST',
    headers: { ...bearer, 'Content-Type': 'application/json' },
    body: JSON.stringify({ input: { urn }, output: { formats: [{ type: 'obj' }] }, ...(misc ? { misc } : {}) }),
  });
}

describe('Model Derivative webhook events', () => {
  it('records extraction.updated at the start and extraction.finished at the end of a job with a workflow', async () => {
    const { bearer, urn, bucketKey } = await designInBucket(platform);
    const attribute = { projectId: 'b.123', note: 'from the test' };
    const response = await postJob(bearer, urn, { workflow: 'my-workflow-1', workflowAttribute: attribute });
    expect(response.status).toBe(200);
    await platform.app.jobs.idle();

    const [job] = await platform.stores.db.query<{ workflow: string; attribute: object }>(
      'SELECT workflow, workflow_attribute AS attribute FROM md_jobs',
    );
    expect(job).toEqual({ workflow: 'my-workflow-1', attribute });
    const at = platform.clock.now().getTime();
    const common = {
      region: 'US',
      system: 'derivative',
      resourceUrn: urn,
      scopeKey: 'workflow',
      scopeValues: ['my-workflow-1'],
    };
    const payload = (EventType: string, status: string) => ({
      TimeStamp: at,
      URN: urn,
      EventType,
      Payload: { status, scope: objectUrn(bucketKey, 'house.ifc'), registerKey: [], workflowAttribute: attribute },
    });
    expect(await events()).toEqual([
      { ...common, event: 'extraction.updated', payload: payload('EXTRACTION_UPDATED', 'inprogress') },
      { ...common, event: 'extraction.finished', payload: payload('EXTRACTION_FINISHED', 'success') },
    ]);
  });

  it('ends with the job’s final status: failed, timeout', async () => {
    fake.mode = 'held';
    const { bearer, urn } = await designInBucket(platform);
    const second = await designInBucket(platform, 'other.ifc');
    expect((await postJob(bearer, urn, { workflow: 'wf' })).status).toBe(200);
    (await fake.nextHeld()).fail(new Error('the engine broke'));
    await platform.app.jobs.idle();
    expect((await postJob(second.bearer, second.urn, { workflow: 'wf' })).status).toBe(200);
    (await fake.nextHeld()).fail(new TranslationTimeoutError('too slow'));
    await platform.app.jobs.idle();

    const finished = (await events()).filter((row) => row.event === 'extraction.finished');
    expect(finished.map((row) => [row.resourceUrn, row.payload['Payload']])).toEqual([
      [urn, expect.objectContaining({ status: 'failed' })],
      [second.urn, expect.objectContaining({ status: 'timeout' })],
    ]);
    // No attribute was given: the payload has none.
    expect(finished[0]!.payload['Payload']).not.toHaveProperty('workflowAttribute');
  });

  it('records nothing for a job without a workflow, and ignores an attribute without one', async () => {
    const { bearer, urn } = await designInBucket(platform);
    expect((await postJob(bearer, urn, { workflowAttribute: { a: 1 } })).status).toBe(200);
    await platform.app.jobs.idle();
    expect(await events()).toEqual([]);
    const [job] = await platform.stores.db.query<{ workflow: string | null; attribute: object | null }>(
      'SELECT workflow, workflow_attribute AS attribute FROM md_jobs',
    );
    expect(job).toEqual({ workflow: null, attribute: null });
  });

  it('refuses a workflow that is not 1–36 letters, digits or hyphens, and an attribute of 1 KB or more (400)', async () => {
    const { bearer, urn } = await designInBucket(platform);
    const refused: unknown[] = [
      'a'.repeat(37),
      'has space',
      'under_score',
      '',
      42,
      { workflow: 'ok', workflowAttribute: ['not', 'an', 'object'] },
      { workflow: 'ok', workflowAttribute: { text: 'x'.repeat(1013) } },
      'not an object',
    ];
    for (const [index, value] of refused.entries()) {
      const misc = index === refused.length - 1 ? value : typeof value === 'object' ? value : { workflow: value };
      const response = await postJob(bearer, urn, misc);
      expect(response.status, JSON.stringify(misc)).toBe(400);
      expect(((await response.json()) as ModelDerivativeErrorBody).diagnostic).toMatch(/^misc/);
    }
    expect((await postJob(bearer, urn, { workflow: 'a'.repeat(36) })).status).toBe(200);
    await platform.app.jobs.idle();
  });
});

import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { DaWorkItemsStatus, WorkItemStatus } from '../../../contracts/design-automation';
import { designAutomationError } from '../../http/errors';
import { callerOf, type Caller, type DaEnv, type DaGuards } from './access';
import { field, isObject, PAYLOAD_LIMIT_BYTES, readJson } from './body';
import type { DaContext } from './context';
import { resolveWorkitem } from './workitem-request';
import type { WorkitemRunner } from './workitem-runner';
import { statsTime } from './workitem-spec';
import { workitemStatus } from './workitem-status';

/** At most this many workitems in one batch, and ids in one status request (the real service's 50). */
const MAX_BATCH = 50;

async function ownWorkitem(da: DaContext, caller: Caller, id: string) {
  const record = await da.stores.daWorkitems.find(id);
  // Another app's workitem is not found, the same as one that does not exist.
  if (!record || record.clientId !== caller.clientId)
    throw designAutomationError(404, `WorkItem '${id.slice(0, 64)}' was not found.`);
  return record;
}

/** `/workitems`: accepted at once as `pending` and run by `runner`; only their app sees them. */
export function workitemRoutes(da: DaContext, guards: DaGuards, runner: WorkitemRunner) {
  const router = new Hono<DaEnv>();

  const accept = async (caller: Caller, bodies: unknown[]): Promise<WorkItemStatus[]> => {
    const resolved = [];
    for (const body of bodies) resolved.push(await resolveWorkitem(da, caller, body));
    const createdAt = da.clock.now();
    const items = resolved.map(({ activityId, spec }) => ({
      id: randomUUID().replace(/-/g, ''),
      clientId: caller.clientId,
      owner: caller.owner,
      activityId,
      spec,
      stats: { timeQueued: statsTime(createdAt) },
      createdAt,
    }));
    await da.stores.daWorkitems.insert(items);
    for (const item of items) runner.enqueue(item.id);
    return items.map((item) => ({ status: 'pending', stats: item.stats, id: item.id }));
  };

  router.post('/workitems', guards.api, async (c) => {
    const [status] = await accept(await callerOf(da, c), [await readJson(c)]);
    return c.json(status);
  });
  router.post('/workitems/batch', guards.api, async (c) => {
    const body = await readJson(c, MAX_BATCH * PAYLOAD_LIMIT_BYTES);
    if (!Array.isArray(body) || body.length < 1 || body.length > MAX_BATCH)
      throw designAutomationError(400, { body: [`The body must be an array of 1 to ${MAX_BATCH} workitems.`] });
    return c.json(await accept(await callerOf(da, c), body));
  });
  router.post('/workitems/status', guards.api, async (c) => {
    const caller = await callerOf(da, c);
    const body = await readJson(c);
    const ids = Array.isArray(body) ? body : isObject(body) ? field(body, 'ids') : undefined;
    if (
      !Array.isArray(ids) ||
      ids.length < 1 ||
      ids.length > MAX_BATCH ||
      !ids.every((id) => typeof id === 'string' && id.length <= 64)
    ) {
      throw designAutomationError(400, { ids: [`Send an array of 1 to ${MAX_BATCH} workitem ids.`] });
    }
    const found = new Map(
      (await da.stores.daWorkitems.findMany(ids as string[]))
        .filter((record) => record.clientId === caller.clientId)
        .map((record) => [record.id, record]),
    );
    const answer: DaWorkItemsStatus = { results: [], errors: {} };
    for (const id of ids as string[]) {
      const record = found.get(id);
      if (record) answer.results.push(await workitemStatus(da, record, true));
      else answer.errors[id] = 'WorkItem was not found.';
    }
    return c.json(answer);
  });
  router.get('/workitems/:id', guards.status, async (c) =>
    c.json(await workitemStatus(da, await ownWorkitem(da, await callerOf(da, c), c.req.param('id')))),
  );
  router.delete('/workitems/:id', guards.api, async (c) => {
    const record = await ownWorkitem(da, await callerOf(da, c), c.req.param('id'));
    await runner.cancel(record.id);
    return c.body(null, 204);
  });
  return router;
}

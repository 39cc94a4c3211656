import { Hono } from 'hono';
import { HttpError } from '../http/errors';
import { gatewayError } from './fault-errors';
import type { FaultSet } from './fault-set';
import { FAULT_FLAG_USAGE, FaultRuleError, parseFaultFlag } from './rules';

/**
 * The fault rules at run time, to be mounted at `/_platform/faults`: list them with their fired
 * counts, add one (the JSON form, or `{ "flag": "<the --fault form>" }`), remove one, or clear all.
 * Errors speak the gateway's body, as the platform does on paths no service owns.
 */
export function faultRoutes(faults: FaultSet): Hono {
  const router = new Hono();

  router.get('/', (c) => c.json({ faults: faults.list() }));

  router.get('/:id', (c) => {
    const rule = faults.find(c.req.param('id'));
    if (!rule) throw notFound(c.req.param('id'));
    return c.json(rule);
  });

  router.post('/', async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw badRequest(`The body must be a JSON fault rule.\n${FAULT_FLAG_USAGE}`);
    }
    try {
      const flag = (body as { flag?: unknown } | null)?.flag;
      const rule = faults.add(typeof flag === 'string' ? parseFaultFlag(flag) : body);
      return c.json(rule, 201, { Location: `${c.req.path.replace(/\/$/, '')}/${rule.id}` });
    } catch (error) {
      if (error instanceof FaultRuleError) throw badRequest(error.message);
      throw error;
    }
  });

  router.delete('/:id', (c) => {
    if (!faults.remove(c.req.param('id'))) throw notFound(c.req.param('id'));
    return c.body(null, 204);
  });

  router.delete('/', (c) => {
    faults.clear();
    return c.body(null, 204);
  });

  // Its own errors speak for themselves wherever the router is mounted; anything else is the app's to log.
  router.onError((error, c) => {
    if (!(error instanceof HttpError)) throw error;
    return c.json(error.body, error.status);
  });
  return router;
}

const badRequest = (message: string) => gatewayError(400, 'BAD_INPUT', message);
const notFound = (id: string) =>
  gatewayError(404, 'NOT_FOUND', `No fault rule ${id.slice(0, 100)}: it was removed or never added.`);

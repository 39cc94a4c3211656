import { Hono } from 'hono';
import type { DeliveryList, RecordedEventList } from '../../../../contracts/webhooks';
import type { Clock } from '../../../clock';
import { HttpError, webhooksError } from '../../../http/errors';
import type { Stores } from '../../../storage/stores';
import { explainMatch } from '../delivery/matcher';
import { sampleEvent } from './samples';
import { delivery, deliverySummary, recordedEvent } from './serialize';

export interface DeliveryRoutesDeps {
  stores: Pick<Stores, 'webhookDeliveries' | 'webhookHooks'>;
  clock: Clock;
  /** Asks the delivery engine for a pass: a delivery made here is due at once. */
  wake?: () => void;
}

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;

const notFound = (what: string) => webhooksError(404, 'NOT_FOUND', `${what}: it was deleted or never existed.`);
const badInput = (message: string) => webhooksError(400, 'BAD_INPUT', message);

function limitOf(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_LIMIT;
  if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_LIMIT)
    throw badInput(`limit must be a whole number from 1 to ${MAX_LIMIT}, not "${raw.slice(0, 40)}".`);
  return Number(raw);
}

/**
 * The local platform's deliveries API, mounted at `/_platform/webhooks` (local-only, like every
 * tool there): the log of deliveries with the exact bytes each attempt sent, redelivery, a test
 * fire, "retry now", the recent events, and why a hook did or did not receive an event.
 */
export function webhookDeliveryRoutes({ stores, clock, wake }: DeliveryRoutesDeps): Hono {
  const log = stores.webhookDeliveries.log;
  const router = new Hono();
  const hookOf = async (id: string) =>
    (await stores.webhookHooks.find(id)) ?? throwError(notFound(`No hook ${id.slice(0, 100)}`));
  const deliveryOf = async (id: string) =>
    (await log.find(id)) ?? throwError(notFound(`No delivery ${id.slice(0, 100)}`));
  const eventOf = async (id: string) =>
    (await log.findEvent(id)) ?? throwError(notFound(`No event ${id.slice(0, 100)}`));

  const list = async (hookId: string | undefined, limit: string | undefined) =>
    ({ deliveries: (await log.list({ hookId, limit: limitOf(limit) })).map(deliverySummary) }) satisfies DeliveryList;

  router.get('/deliveries', async (c) => c.json(await list(c.req.query('hookId'), c.req.query('limit'))));
  router.get('/hooks/:hookId/deliveries', async (c) => {
    const hook = await hookOf(c.req.param('hookId'));
    return c.json(await list(hook.id, c.req.query('limit')));
  });

  router.get('/deliveries/:id', async (c) => {
    const found = await deliveryOf(c.req.param('id'));
    return c.json(delivery(found, await log.attempts(found.id)));
  });

  // The same event to the same hook once more, as a delivery of its own (kind `redelivery`), due now.
  router.post('/deliveries/:id/redeliver', async (c) => {
    const original = await deliveryOf(c.req.param('id'));
    const id = await log.add(original.eventId, original.hookId, 'redelivery', clock.now());
    wake?.();
    return c.json(deliverySummary((await log.find(id))!), 201);
  });

  // A pending delivery's next attempt now, not at its turn in the retry schedule.
  router.post('/deliveries/:id/retry', async (c) => {
    const found = await deliveryOf(c.req.param('id'));
    if (!(await log.dueNow(found.id, clock.now())))
      throw webhooksError(
        409,
        'CONFLICT',
        `Delivery ${found.id} is ${found.state}: only a pending one can be retried.`,
      );
    wake?.();
    return c.json(deliverySummary((await log.find(found.id))!));
  });

  // A sample event of the hook's system and event, sent to this hook alone (kind `test`, one attempt).
  router.post('/hooks/:hookId/test', async (c) => {
    const hook = await hookOf(c.req.param('hookId'));
    const now = clock.now();
    const eventId = await log.addDispatchedEvent(sampleEvent(hook, now), now);
    const id = await log.add(eventId, hook.id, 'test', now);
    wake?.();
    return c.json(deliverySummary((await log.find(id))!), 201);
  });

  router.get('/events', async (c) => {
    const events = await log.recentEvents(limitOf(c.req.query('limit')));
    return c.json({ events: events.map(recordedEvent) } satisfies RecordedEventList);
  });
  router.get('/events/:id', async (c) => c.json(recordedEvent(await eventOf(c.req.param('id')))));

  // The dry-run matcher: the first rule that dropped the event for this hook, or `matched`.
  router.get('/hooks/:hookId/why', async (c) => {
    const hook = await hookOf(c.req.param('hookId'));
    const eventId = c.req.query('event');
    if (!eventId) throw badInput('Name the event: ?event=<event id> (see GET /_platform/webhooks/events).');
    return c.json(explainMatch(hook, await eventOf(eventId), clock.now()));
  });

  router.onError((error, c) => {
    if (!(error instanceof HttpError)) throw error;
    return c.json(error.body, error.status);
  });
  return router;
}

function throwError(error: Error): never {
  throw error;
}

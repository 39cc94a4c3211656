import { Hono, type Context } from 'hono';
import { webhooksError } from '../../http/errors';
import type { HookQuery, HookRecord } from '../../storage/repos/wh-hooks';
import { callerOf, READ_SCOPES, type WebhooksEnv, type WebhooksGuard } from './access';
import { badInput } from './body';
import { knownSystem, type WebhooksContext } from './hooks';
import { EMPTY_LIST_STATUS, nextLink, PAGE_SIZE, readPageState } from './paging';
import { regionOf } from './region';
import { hookList } from './serializers';

type Ctx = Context<WebhooksEnv>;
type Filters = Omit<HookQuery, 'region' | 'order' | 'after' | 'limit'>;

const STATUSES: readonly HookRecord['status'][] = ['active', 'inactive', 'reactivated'];

function statusOf(c: Ctx): HookRecord['status'] | undefined {
  const status = c.req.query('status');
  if (status === undefined || status === '') return undefined;
  const known = STATUSES.find((value) => value === status);
  if (!known) throw badInput(`status must be one of ${STATUSES.join(', ')}.`);
  return known;
}

/** The lists of hooks (digest §2 rows 6–9): the caller's own, or for `/app/hooks` every one its app made. */
export function listRoutes(ctx: WebhooksContext, guard: WebhooksGuard) {
  const router = new Hono<WebhooksEnv>();
  const own = (c: Ctx): Filters => {
    const { creatorType, createdBy } = callerOf(c.get('principal'));
    return { owner: { creatorType, createdBy }, status: statusOf(c) };
  };

  /** One page of 200, oldest first unless asked otherwise, and the absolute link to the next. */
  const page = async (c: Ctx, filters: Filters, order: HookQuery['order'] = { by: 'created', direction: 'asc' }) => {
    const region = regionOf(c);
    const after = readPageState(c.req.query('pageState'));
    const rows = await ctx.stores.webhookHooks.list({ region, ...filters, order, after, limit: PAGE_SIZE + 1 });
    if (!rows.length && EMPTY_LIST_STATUS === 204) return c.body(null, 204);
    return c.json(hookList(rows.slice(0, PAGE_SIZE), nextLink(c.req.url, rows, order.by)));
  };

  router.get('/systems/:system/events/:event/hooks', guard('webhooks', 'get-system-event-hooks', READ_SCOPES), (c) =>
    page(c, {
      ...own(c),
      system: knownSystem(c.req.param('system')),
      event: c.req.param('event'),
      scopeKey: c.req.query('scopeName') || undefined,
      scopeValue: c.req.query('scopeValue') || undefined,
    }),
  );

  router.get('/systems/:system/hooks', guard('webhooks', 'get-system-hooks', READ_SCOPES), (c) =>
    page(c, { ...own(c), system: knownSystem(c.req.param('system')) }),
  );

  router.get('/hooks', guard('webhooks', 'get-hooks', READ_SCOPES), (c) => page(c, own(c)));

  router.get('/app/hooks', guard('webhooks', 'get-app-hooks', READ_SCOPES), (c) => {
    const principal = c.get('principal');
    if (principal.kind !== 'app')
      throw webhooksError(403, 'FORBIDDEN', 'This operation needs a 2-legged token: one issued to the app alone.');
    const sort = c.req.query('sort') || 'desc';
    if (sort !== 'asc' && sort !== 'desc') throw badInput('sort must be "asc" or "desc".');
    return page(c, { clientId: principal.clientId, status: statusOf(c) }, { by: 'updated', direction: sort });
  });

  return router;
}

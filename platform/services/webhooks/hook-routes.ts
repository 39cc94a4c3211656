import { Hono, type Context } from 'hono';
import { WEBHOOKS_PATH } from '../../../contracts/webhooks';
import { callerOf, CREATE_SCOPES, READ_SCOPES, WRITE_SCOPES, type WebhooksEnv, type WebhooksGuard } from './access';
import { readJsonObject } from './body';
import { CATALOGUE } from './catalogue';
import { readHookChangeRequest, readHookRequest } from './hook-payload';
import { changeHook, coveredEvents, createHooks, knownSystem, ownHook, type WebhooksContext } from './hooks';
import { regionOf } from './region';
import { hookDetails, hookPath } from './serializers';

type Ctx = Context<WebhooksEnv>;

const ONE_HOOK = '/systems/:system/events/:event/hooks/:hookId';

/** Creating, reading, changing and deleting hooks (digest §2 rows 1–5). */
export function hookRoutes(ctx: WebhooksContext, guard: WebhooksGuard) {
  const router = new Hono<WebhooksEnv>();

  /** The caller's hook the path names, in the request's region. */
  const pathHook = (c: Ctx) =>
    ownHook(ctx, callerOf(c.get('principal')), {
      region: regionOf(c),
      system: knownSystem(c.req.param('system') ?? ''),
      event: c.req.param('event') ?? '',
      id: c.req.param('hookId') ?? '',
    });

  router.post(
    '/systems/:system/events/:event/hooks',
    guard('webhooks-create', 'create-system-event-hook', CREATE_SCOPES),
    async (c) => {
      const region = regionOf(c);
      const { system, event } = c.req.param();
      const request = readHookRequest(await readJsonObject(c), coveredEvents(system, event), ctx.allowHosts);
      const [hook] = await createHooks(ctx, c.get('principal'), { region, system, events: [event] }, request);
      // Clients take the id from the text after the Location's last slash: no query may follow it.
      c.header('Location', `${new URL(c.req.url).origin}${WEBHOOKS_PATH}${hookPath(hook!)}`);
      return c.body(null, 201);
    },
  );

  router.post('/systems/:system/hooks', guard('webhooks-create', 'create-system-hook', CREATE_SCOPES), async (c) => {
    const region = regionOf(c);
    const system = knownSystem(c.req.param('system'));
    const catalogue = CATALOGUE[system] ?? [];
    const request = readHookRequest(await readJsonObject(c), catalogue, ctx.allowHosts);
    // Every event of the system that takes the scope the body names (Fusion's transitions take another).
    const events = catalogue.filter((entry) => entry.scopes.includes(request.scopeKey)).map((entry) => entry.name);
    const hooks = await createHooks(ctx, c.get('principal'), { region, system, events }, request);
    return c.json({ hooks: hooks.map(hookDetails) }, 201);
  });

  router.get(ONE_HOOK, guard('webhooks', 'get-hook-details', READ_SCOPES), async (c) =>
    c.json(hookDetails(await pathHook(c))),
  );

  router.patch(ONE_HOOK, guard('webhooks', 'patch-system-event-hook', WRITE_SCOPES), async (c) => {
    const hook = await pathHook(c);
    await changeHook(ctx, hook, readHookChangeRequest(await readJsonObject(c)));
    return c.body(null, 200);
  });

  router.delete(ONE_HOOK, guard('webhooks', 'delete-system-event-hook', WRITE_SCOPES), async (c) => {
    const hook = await pathHook(c);
    await ctx.stores.webhookHooks.remove(hook.id);
    return c.body(null, 204);
  });

  return router;
}

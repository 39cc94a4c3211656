import { Hono } from 'hono';
import { callerOf, WRITE_SCOPES, type WebhooksEnv, type WebhooksGuard } from './access';
import { badInput, readJsonObject } from './body';
import { secretOf } from './hook-payload';
import type { WebhooksContext } from './hooks';
import { regionOf } from './region';

/**
 * The owner's secret (digest §2 rows 10–12): a 2-legged token sets its app's, a 3-legged one its
 * user's, for that owner's hooks in the region. The cloud takes up to 10 minutes to apply a change;
 * here the next delivery uses it.
 */
export function tokenRoutes(ctx: WebhooksContext, guard: WebhooksGuard) {
  const router = new Hono<WebhooksEnv>();
  const secrets = ctx.stores.webhookHooks;

  router.post('/tokens', guard('webhooks-create', 'create-token', WRITE_SCOPES), async (c) => {
    const region = regionOf(c);
    const token = secretOf((await readJsonObject(c))['token']);
    const owner = callerOf(c.get('principal'));
    if (!(await secrets.createSecret(region, owner, token)))
      throw badInput('A secret token already exists: replace it with PUT /tokens/@me.');
    return c.json({ status: 200, detail: [`Token created successfully for client: ${owner.createdBy}`] }, 200);
  });

  router.put('/tokens/@me', guard('webhooks-create', 'put-token', WRITE_SCOPES), async (c) => {
    const region = regionOf(c);
    const token = secretOf((await readJsonObject(c))['token']);
    await secrets.putSecret(region, callerOf(c.get('principal')), token);
    return c.body(null, 204);
  });

  router.delete('/tokens/@me', guard('webhooks-create', 'delete-token', WRITE_SCOPES), async (c) => {
    await secrets.deleteSecret(regionOf(c), callerOf(c.get('principal')));
    return c.body(null, 204);
  });

  return router;
}

import { Hono } from 'hono';
import type { AppDeps } from '../../config';
import type { TokenCheck } from '../../http/auth';
import { webhooksGuard } from './access';
import { hookRoutes } from './hook-routes';
import type { WebhooksContext } from './hooks';
import { listRoutes } from './list-routes';
import { tokenRoutes } from './token-routes';

/**
 * The Webhooks API v1: `/webhooks/v1/*`. Hooks and owners' secrets live in `stores.webhookHooks`;
 * the delivery engine (`delivery/`) reads them from there.
 */
export function webhooksRoutes(deps: AppDeps, tokens: TokenCheck) {
  const ctx: WebhooksContext = {
    stores: deps.stores,
    clock: deps.clock,
    allowHosts: deps.config.automation?.allowHosts ?? [],
  };
  const guard = webhooksGuard(
    tokens,
    deps.clock,
    deps.config.rateLimits,
    deps.config.rateLimitWindowSeconds,
    deps.stores.rateWindows,
  );
  const router = new Hono();
  router.route('/', hookRoutes(ctx, guard));
  router.route('/', listRoutes(ctx, guard));
  router.route('/', tokenRoutes(ctx, guard));
  return router;
}

import { Hono } from 'hono';
import type { AppDeps } from '../../config';
import type { TokenCheck } from '../../http/auth';
import { dmGuard } from './access';
import { dataRoutes } from './data-routes';
import { hubRoutes } from './hub-routes';

/** Data Management v1: `/project/v1/*` and `/data/v1/projects/{project_id}/*`, under one rate limit. */
export function dataManagementRoutes(deps: AppDeps, tokens: TokenCheck) {
  const guard = dmGuard(
    tokens,
    deps.clock,
    deps.config.rateLimits['data-management'],
    deps.config.rateLimitWindowSeconds,
    deps.stores.rateWindows,
  );
  const router = new Hono();
  router.route('/project/v1', hubRoutes(deps, guard));
  router.route('/data/v1/projects/:projectId', dataRoutes(deps, guard));
  return router;
}

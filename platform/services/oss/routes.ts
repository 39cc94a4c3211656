import { Hono } from 'hono';
import type { AppDeps } from '../../config';
import type { TokenCheck } from '../../http/auth';
import { ossGuard } from './access';
import { batchRoutes } from './batch-routes';
import { bucketRoutes } from './bucket-routes';
import { ossContext } from './context';
import { legacyRoutes } from './legacy-routes';
import { objectRoutes } from './object-routes';
import { signedResourceRoutes } from './signed-resource-routes';
import { signedRoutes } from './signed-routes';

/** OSS v2: `/oss/v2/*`, with its bytes in `deps.blobs` and its metadata in `deps.stores.oss`. */
export function ossRoutes(deps: AppDeps, tokens: TokenCheck) {
  const oss = ossContext(deps);
  const guard = ossGuard(
    tokens,
    deps.clock,
    deps.config.rateLimits.oss,
    deps.config.rateLimitWindowSeconds,
    deps.stores.rateWindows,
  );
  const router = new Hono();
  router.route('/signed', signedRoutes(oss));
  router.route('/buckets', bucketRoutes(oss, guard));
  router.route('/buckets', objectRoutes(oss, guard));
  router.route('/buckets', batchRoutes(oss, guard));
  router.route('/buckets', legacyRoutes(oss, guard));
  router.route('/', signedResourceRoutes(oss, guard));
  return router;
}

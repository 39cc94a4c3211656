import { Hono } from 'hono';
import { DA_REGIONS } from '../../../contracts/design-automation';
import type { AppDeps } from '../../config';
import type { TokenCheck } from '../../http/auth';
import { daGuards, type DaEnv } from './access';
import { appRoutes, healthRoutes } from './app-routes';
import { daContext } from './context';
import { itemRoutes } from './item-routes';
import { outboundFetch } from './outbound-fetch';
import { storeRoutes } from './store-routes';
import { workitemRoutes } from './workitem-routes';
import { createWorkitemRunner } from './workitem-runner';

export interface DesignAutomationDeps extends AppDeps {
  logger: { error(message: string, error?: unknown): void };
  /** The platform itself, in-process: where a workitem's requests to the platform's own URLs go. */
  platformFetch: (request: Request) => Promise<Response>;
}

/**
 * Design Automation v3 under `/da/{us-east|us-west}/v3`, its store under `/da/store`, and the
 * runner of its workitems, which outlives requests (`main.ts` resumes what a stop left).
 */
export function designAutomation(deps: DesignAutomationDeps, tokens: TokenCheck) {
  const da = daContext(deps);
  const fetch = outboundFetch({
    platformFetch: deps.platformFetch,
    base: () => da.base(),
    allowHosts: deps.config.automation?.allowHosts ?? [],
  });
  const workitems = createWorkitemRunner(
    {
      stores: deps.stores,
      blobs: deps.blobs,
      clock: deps.clock,
      engine: deps.automation,
      workDir: deps.workDir,
      logger: deps.logger,
      base: () => da.base(),
      signer: () => da.signer(),
      fetch,
    },
    deps.jobQueue,
  );
  const guards = daGuards(
    tokens,
    deps.clock,
    deps.config.rateLimits,
    deps.config.rateLimitWindowSeconds,
    deps.stores.rateWindows,
  );
  const v3 = new Hono<DaEnv>();
  v3.route('/', healthRoutes(da));
  v3.route('/appbundles', itemRoutes(da, 'appbundle', guards.api));
  v3.route('/activities', itemRoutes(da, 'activity', guards.api));
  v3.route('/', workitemRoutes(da, guards, workitems));
  v3.route('/', appRoutes(da, guards.api));
  const routes = new Hono();
  routes.route('/store', storeRoutes(da));
  for (const region of DA_REGIONS) routes.route(`/${region}/v3`, v3);
  return { routes, workitems };
}

import { Hono, type MiddlewareHandler } from 'hono';
import { faultMiddleware } from '../faults/middleware';
import { faultRoutes } from '../faults/admin-routes';
import type { FaultSet } from '../faults/fault-set';
import { recordRequests } from '../inspector/record-requests';
import type { Recorder } from '../inspector/recorder';
import { inspectorRoutes } from '../inspector/routes';
import { fromThisMachineOnly } from './local-only';

/** The platform's own tools for the people and test suites running it, beside the APS APIs. */
export interface PlatformTools {
  /** Whether /_platform answers: rules given at start still apply without it. */
  adminApi: boolean;
  faults: FaultSet;
  /** The request inspector's memory; none where the operator turned the admin API off. */
  requests?: Recorder;
  /** The webhook deliveries API (`/_platform/webhooks`): built where the delivery engine runs, which it wakes. */
  webhookDeliveries?: Hono;
  /** Routes added under /_platform by the process that serves (snapshots, reset), which need more than the app. */
  extraRoutes?: Hono;
}

/** What `createApp` installs for the tools: middleware on every request, and the routes under /_platform. */
export function platformToolParts(tools: PlatformTools): {
  /** Before compression: a fault's cut counts the bytes on the wire. */
  middleware: MiddlewareHandler[];
  /** Inside the compression, so the inspector sees answers as their handlers made them. */
  innerMiddleware: MiddlewareHandler[];
  /** After CORS: a faulted answer carries CORS headers, for a browser to read its status. */
  afterCors: MiddlewareHandler[];
  routes?: Hono;
} {
  const faults = faultMiddleware(tools.faults);
  const middleware = [faults.outer];
  const innerMiddleware = tools.requests && tools.adminApi ? [recordRequests(tools.requests)] : [];
  const afterCors = [faults.inner];
  if (!tools.adminApi) return { middleware, innerMiddleware, afterCors };
  const routes = new Hono();
  routes.use('*', fromThisMachineOnly());
  routes.route('/faults', faultRoutes(tools.faults));
  if (tools.requests) routes.route('/requests', inspectorRoutes(tools.requests));
  if (tools.webhookDeliveries) routes.route('/webhooks', tools.webhookDeliveries);
  if (tools.extraRoutes) routes.route('/', tools.extraRoutes);
  return { middleware, innerMiddleware, afterCors, routes };
}

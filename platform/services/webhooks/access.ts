import type { MiddlewareHandler } from 'hono';
import type { Clock, RateLimits } from '../../config';
import type { TokenCheck } from '../../http/auth';
import { webhooksError } from '../../http/errors';
import { serviceGuard, type GuardEnv } from '../../http/guard';
import { perWindow, type RateWindows } from '../../http/rate-limit';
import type { Principal } from '../../storage/repos/hubs';
import type { HookOwner } from '../../storage/repos/wh-hooks';

export type WebhooksEnv = GuardEnv;

/** Reads want `data:read`; writes `data:write`, and a create `data:create` will do as well. */
export const READ_SCOPES = ['data:read'];
export const WRITE_SCOPES = ['data:write'];
export const CREATE_SCOPES = ['data:write', 'data:create'];

/** The two published budgets: GET, PATCH and DELETE; the creates and the secret calls. */
export type WebhooksLimit = Extract<keyof RateLimits, 'webhooks' | 'webhooks-create'>;

/** Admits a request to one endpoint: the token, its scopes, then that endpoint's budget for the app. */
export type WebhooksGuard = (
  limit: WebhooksLimit,
  endpoint: string,
  scopes: readonly string[],
) => MiddlewareHandler<WebhooksEnv>;

/**
 * The cloud counts each endpoint's requests apart (300 a minute for reads, PATCH and DELETE, 50 for
 * the creates and the token calls), so each endpoint gets its own window, named after it when the
 * windows are shared through the database. A refused token gets the APS gateway's body, as in the cloud.
 */
export function webhooksGuard(
  tokens: TokenCheck,
  clock: Clock,
  limits: RateLimits,
  windowSeconds = 60,
  windows?: RateWindows,
): WebhooksGuard {
  return (limit, endpoint, scopes) =>
    serviceGuard(tokens, clock, {
      perMinute: limits[limit],
      windowSeconds,
      windows: { store: windows, name: `${limit}:${endpoint}` },
      tooMany: (retryAfter) =>
        webhooksError(
          429,
          'TOO_MANY_REQUESTS',
          `Rate limit exceeded: at most ${limits[limit]} requests ${perWindow(windowSeconds)} to this endpoint. Retry after ${retryAfter} seconds.`,
        ),
    })(scopes);
}

/** Whose hooks a caller works with: its app's (2-legged) or its user's (3-legged), and the app that asked. */
export interface Caller extends HookOwner {
  clientId: string;
}

export const callerOf = (principal: Principal): Caller =>
  principal.kind === 'user'
    ? { creatorType: 'O2User', createdBy: principal.userId, clientId: principal.clientId }
    : { creatorType: 'Application', createdBy: principal.clientId, clientId: principal.clientId };

import type { Context, MiddlewareHandler } from 'hono';
import type { DaQuotaErrorBody } from '../../../contracts/design-automation';
import type { Clock, RateLimits } from '../../config';
import type { TokenCheck } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { serviceGuard, type GuardEnv } from '../../http/guard';
import type { RateWindows } from '../../http/rate-limit';
import type { DaContext } from './context';

export type DaEnv = GuardEnv;

const SCOPES = ['code:all'];
const tooMany = () => new HttpError(429, { developerMessage: 'Quota limit exceeded.' } satisfies DaQuotaErrorBody);

export interface DaGuards {
  /** `code:all`, then the app's budget of 100 requests a minute. */
  api: MiddlewareHandler<DaEnv>;
  /** `GET /workitems/{id}`: `code:all`, then a budget of its own (150 a minute). */
  status: MiddlewareHandler<DaEnv>;
}

/**
 * The token check (the APS gateway's words for a refused token) and Design Automation's rate
 * limits, answered with the gateway's 429 body and `Retry-After`.
 */
export function daGuards(
  tokens: TokenCheck,
  clock: Clock,
  limits: RateLimits,
  windowSeconds = 60,
  windows?: RateWindows,
): DaGuards {
  return {
    api: serviceGuard(tokens, clock, {
      perMinute: limits['design-automation'],
      windowSeconds,
      tooMany,
      windows: { store: windows, name: 'design-automation' },
    })(SCOPES),
    status: serviceGuard(tokens, clock, {
      perMinute: limits['design-automation-status'],
      windowSeconds,
      tooMany,
      windows: { store: windows, name: 'design-automation-status' },
    })(SCOPES),
  };
}

/** Who calls: the app, the name that owns its ids, and the receivers that share with it. */
export interface Caller {
  clientId: string;
  owner: string;
  receivers: string[];
}

export async function callerOf(da: DaContext, c: Context<DaEnv>): Promise<Caller> {
  const { clientId } = c.get('token');
  const app = await da.stores.daApps.find(clientId);
  const owner = app?.nickname ?? clientId;
  return { clientId, owner, receivers: [...new Set([clientId, owner, 'everyone'])] };
}

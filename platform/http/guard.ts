import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Clock } from '../config';
import { requireToken, type AuthVariables, type TokenCheck, type TokenErrors } from './auth';
import type { HttpError } from './errors';
import { rateLimit, type RateWindows } from './rate-limit';

export type GuardEnv = { Variables: AuthVariables };

/** Makes the middleware that admits a request holding one of `scopes`, within its app's budget. */
export type Guard = (scopes: readonly string[]) => MiddlewareHandler<GuardEnv>;

export interface GuardOptions {
  /** Requests a window per app (spec part 8: per minute); 0 turns the limit off. */
  perMinute: number;
  /** 60 unless a test shortens it. */
  windowSeconds?: number;
  /** The service's own 429 body. */
  tooMany: (retryAfter: number) => HttpError;
  /** How the service words a refused token; the gateway body by default. */
  errors?: Partial<TokenErrors>;
  /** The shared windows of a deployment on a database server, under this limit's name; else this process's memory. */
  windows?: { store: RateWindows | undefined; name: string };
}

/**
 * The token check, then one per-app rate limit shared by every route the guard protects: how each
 * service admits API calls. The limit runs after the check, so its budget is the token's app.
 */
export function serviceGuard(tokens: TokenCheck, clock: Clock, options: GuardOptions): Guard {
  const limit = rateLimit({
    limit: options.perMinute,
    windowSeconds: options.windowSeconds ?? 60,
    clock,
    key: (c) => (c.get('token') as AuthVariables['token']).clientId,
    error: options.tooMany,
    windows: options.windows?.store && { store: options.windows.store, name: options.windows.name },
  });
  return (scopes) => {
    const auth = requireToken(tokens, scopes, options.errors ? { errors: options.errors } : undefined);
    return createMiddleware<GuardEnv>((c, next) =>
      auth(c, async () => {
        await limit(c, next);
      }),
    );
  };
}

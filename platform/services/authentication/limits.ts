import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps, RateLimits } from '../../config';
import { oauthError, type HttpError } from '../../http/errors';
import { perWindow, rateLimit } from '../../http/rate-limit';

type AuthLimit = 'authorize' | 'token' | 'revoke' | 'introspect' | 'logout';

/**
 * Whose budget a request spends: the app it names (Basic credentials, or `client_id` in the query or
 * form). APS counts per app, too. A request naming no app shares one budget with all the others.
 */
export async function requestClientId(c: Context): Promise<string> {
  const header = c.req.header('authorization') ?? '';
  if (/^basic /i.test(header)) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) return safeDecode(decoded.slice(0, colon));
  }
  const fromQuery = c.req.query('client_id');
  if (fromQuery) return fromQuery;
  if (
    c.req.method === 'POST' &&
    (c.req.header('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')
  ) {
    // Hono keeps the body, so the handler can still read it after this.
    const fromBody = new URLSearchParams(await c.req.text()).get('client_id');
    if (fromBody) return fromBody;
  }
  return 'anonymous';
}

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

const tooMany =
  (limits: RateLimits, name: AuthLimit, windowSeconds: number) =>
  (retryAfter: number): HttpError =>
    oauthError(
      429,
      'rate_limit_exceeded',
      `Rate limit exceeded: ${limits[name]} requests ${perWindow(windowSeconds)} for this app on ${name}. Retry after ${retryAfter} seconds.`,
      'ERR-001',
    );

/** The per-minute limit `name` of the platform's configuration, counted per app. */
export function authLimit(
  deps: Pick<AppDeps, 'config' | 'clock' | 'stores'>,
  name: AuthLimit,
  error?: (retryAfter: number) => HttpError,
): MiddlewareHandler {
  return rateLimit({
    limit: deps.config.rateLimits[name],
    windowSeconds: deps.config.rateLimitWindowSeconds ?? 60,
    clock: deps.clock,
    key: requestClientId,
    windows: deps.stores.rateWindows && { store: deps.stores.rateWindows, name },
    error: error ?? tooMany(deps.config.rateLimits, name, deps.config.rateLimitWindowSeconds ?? 60),
  });
}

import type { MiddlewareHandler } from 'hono';
import { setAnswerHeaders } from './response-headers';

const ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'Range',
  'If-Match',
  'If-None-Match',
  'If-Modified-Since',
  'x-ads-force',
  'x-ads-derivative-format',
  'x-ads-region',
  'region',
  'x-user-id',
  'x-ads-request-id',
  'x-ads-meta-Content-Type',
  'x-ads-meta-Content-Disposition',
  'x-ads-meta-Content-Encoding',
  'x-ads-meta-Cache-Control',
  'x-ads-user-defined-metadata',
];
const EXPOSED_HEADERS = [
  'ETag',
  'Location',
  'Content-Length',
  'Content-Range',
  'Content-Disposition',
  'Retry-After',
  'x-request-id',
  'x-ads-troubleshooting',
  'x-ads-size',
  'x-ads-name',
  'x-ads-role',
  'x-ads-job-status',
];
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
const PREFLIGHT_MAX_AGE_S = 600;

/**
 * A platform on localhost is reachable from every page its user opens, so only the configured app
 * origins get a CORS grant; there is no wildcard and no credentialed CORS. Every preflight is
 * answered 204; only an app origin's carries the grant.
 */
export function appCors(appOrigins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(appOrigins);
  return async (c, next) => {
    const origin = c.req.header('origin') ?? '';
    const grant: Record<string, string> = { 'Access-Control-Expose-Headers': EXPOSED_HEADERS.join(',') };
    if (allowed.has(origin)) grant['Access-Control-Allow-Origin'] = origin;
    if (c.req.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: {
          ...grant,
          'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_S),
          'Access-Control-Allow-Methods': ALLOWED_METHODS.join(','),
          'Access-Control-Allow-Headers': ALLOWED_HEADERS.join(','),
          Vary: 'Origin, Access-Control-Request-Headers',
        },
      });
    }
    await next();
    setAnswerHeaders(c, grant, 'Origin');
  };
}

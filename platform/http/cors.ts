import { cors } from 'hono/cors';

const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Range', 'If-Match', 'If-None-Match', 'If-Modified-Since',
  'x-ads-force', 'x-ads-derivative-format', 'x-ads-region', 'region', 'x-user-id', 'x-ads-request-id', 'x-ads-meta-Content-Type',
  'x-ads-meta-Content-Disposition', 'x-ads-meta-Content-Encoding', 'x-ads-meta-Cache-Control', 'x-ads-user-defined-metadata'];
const EXPOSED_HEADERS = ['ETag', 'Location', 'Content-Length', 'Content-Range', 'Content-Disposition', 'Retry-After',
  'x-request-id', 'x-ads-troubleshooting', 'x-ads-size', 'x-ads-name', 'x-ads-role', 'x-ads-job-status'];

/**
 * A platform on localhost is reachable from every page its user opens, so only the configured app
 * origins get a CORS grant; there is no wildcard and no credentialed CORS.
 */
export function appCors(appOrigins: readonly string[]) {
  const allowed = new Set(appOrigins);
  return cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ALLOWED_HEADERS,
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });
}

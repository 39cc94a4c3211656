import { Hono } from 'hono';
import { oauthError } from '../../http/errors';

/** What replaced each Authentication v1 operation in v2. */
const REPLACEMENTS: Record<string, string> = {
  authenticate: 'POST /authentication/v2/token',
  refreshtoken: 'POST /authentication/v2/token',
  gettoken: 'POST /authentication/v2/token',
  authorize: 'GET /authentication/v2/authorize',
  revoke: 'POST /authentication/v2/revoke',
};

/**
 * Authentication v1 was sunset in December 2024. Old clients get 410 naming the replacement, so the
 * mistake is plain at once instead of looking like a wrong password or a missing route.
 */
export function legacyRoutes() {
  const router = new Hono();
  router.all('/:operation{.+}', (c) => {
    const operation = c.req.param('operation');
    const replacement =
      REPLACEMENTS[operation] ??
      'the Authentication v2 endpoints under /authentication/v2/ (POST /authentication/v2/token for tokens)';
    throw oauthError(
      410,
      'endpoint_sunset',
      `/authentication/v1/${operation.slice(0, 100)} was sunset in December 2024. Use ${replacement} instead.`,
      'AUTH-SUNSET',
    );
  });
  return router;
}

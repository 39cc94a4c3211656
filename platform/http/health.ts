import { Hono } from 'hono';
import type { Db } from '../storage/db/db';

export interface Readiness {
  /** Set when the process stops: a load balancer takes it out before its last requests finish. */
  draining: boolean;
}

/**
 * What a load balancer asks: `/health`, is the process alive (no dependency checked, so a database
 * outage does not get every instance restarted), and `/ready`, should it get requests (the database
 * answers and the process is not draining). Neither needs a token nor counts against a rate limit.
 */
export function healthRoutes(db: Pick<Db, 'query'>, readiness: Readiness) {
  const router = new Hono();
  router.get('/health', (c) => c.json({ status: 'ok' }));
  router.get('/ready', async (c) => {
    if (readiness.draining) return c.json({ status: 'draining' }, 503);
    try {
      await db.query('SELECT 1');
      return c.json({ status: 'ready' });
    } catch (error) {
      return c.json(
        { status: 'unavailable', reason: `The database does not answer: ${(error as Error).message}` },
        503,
      );
    }
  });
  return router;
}

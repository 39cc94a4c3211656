import { Hono } from 'hono';
import type { AppDeps } from '../../config';
import { requireToken, type AuthVariables, type TokenCheck } from '../../http/auth';
import { jsonApiError } from '../../http/errors';
import { jsonApiResponse } from '../../http/json-api';
import { envelope, serializeHub } from './serializers';

const READ = ['data:read'];

/** Data Management v1, hubs and projects: `/project/v1/*`. */
export function projectRoutes({ stores }: AppDeps, tokens: TokenCheck) {
  const router = new Hono<{ Variables: AuthVariables }>();
  router.use('*', requireToken(tokens, READ));

  router.get('/hubs', async (c) => {
    const base = new URL(c.req.url).origin;
    const hubs = await stores.hubs.listVisible(c.get('principal'));
    return jsonApiResponse(envelope(base, '/project/v1/hubs', hubs.map((hub) => serializeHub(base, hub))));
  });

  router.get('/hubs/:hubId', async (c) => {
    const base = new URL(c.req.url).origin;
    const hubId = c.req.param('hubId');
    const visible = await stores.hubs.listVisible(c.get('principal'));
    const hub = visible.find((candidate) => candidate.id === hubId);
    if (!hub) throw jsonApiError(404, 'NOT_FOUND', 'Not found', `The hub ${hubId} does not exist or you may not see it.`);
    return jsonApiResponse(envelope(base, `/project/v1/hubs/${encodeURIComponent(hub.id)}`, serializeHub(base, hub)));
  });
  return router;
}

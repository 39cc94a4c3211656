import { Hono, type MiddlewareHandler } from 'hono';
import type {
  InspectedRequestFilters,
  InspectedRequestList,
  InspectedService,
} from '../../contracts/request-inspector';
import { toHar } from './har';
import type { Recorder } from './recorder';

const SERVICES: ReadonlySet<string> = new Set<InspectedService>([
  'authentication',
  'data-management',
  'oss',
  'model-derivative',
  'design-automation',
  'user-profile',
  'webhooks',
  'platform',
  'other',
]);
const DEFAULT_LIMIT = 200;

type Problem = { problem: string };

function filtersOf(query: (name: string) => string | undefined): InspectedRequestFilters | Problem {
  const service = query('service') || undefined;
  if (service !== undefined && !SERVICES.has(service))
    return { problem: `service must be one of ${[...SERVICES].join(', ')}.` };
  const status = query('status') || undefined;
  if (status !== undefined && !/^(?:[1-5]\d\d|[1-5]xx)$/i.test(status))
    return { problem: 'status must be a status code (404) or a class (4xx).' };
  const since = query('since') || undefined;
  if (since !== undefined && !/^\d+$/.test(since) && Number.isNaN(Date.parse(since)))
    return { problem: 'since must be a request id or an ISO 8601 time.' };
  const limitText = query('limit');
  const limit = limitText === undefined ? undefined : Number(limitText);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1))
    return { problem: 'limit must be a whole number above 0.' };
  return { service: service as InspectedService | undefined, status, app: query('app') || undefined, since, limit };
}

export interface InspectorOptions {
  /** Who may read the log; by default anyone who reaches it, which suits a platform on 127.0.0.1. */
  admit?: MiddlewareHandler;
  /** Written into HAR files as the creator's version. */
  version?: string;
}

/**
 * The recorded requests, to mount at `/_platform/requests`: `GET /` (newest first; `service`,
 * `status`, `app`, `since`, `limit`), `GET /har` (the same set as HAR 1.2), `GET /:id`, `DELETE /`.
 */
export function inspectorRoutes(recorder: Recorder, options: InspectorOptions = {}): Hono {
  const router = new Hono();
  if (options.admit) router.use('*', options.admit);

  router.get('/', (c) => {
    const filters = filtersOf((name) => c.req.query(name));
    if ('problem' in filters) return c.json({ reason: filters.problem }, 400);
    const list: InspectedRequestList = {
      requests: recorder
        .list({ ...filters, limit: filters.limit ?? DEFAULT_LIMIT })
        .map(({ url: _url, request: _request, response: _response, ...summary }) => summary),
      latestId: recorder.latestId(),
      clearedThrough: recorder.clearedThrough(),
    };
    return c.json(list);
  });

  router.get('/har', (c) => {
    const filters = filtersOf((name) => c.req.query(name));
    if ('problem' in filters) return c.json({ reason: filters.problem }, 400);
    const har = toHar(recorder.list(filters), options.version ?? '0.1.0');
    return c.json(har, 200, { 'Content-Disposition': 'attachment; filename="platform-requests.har"' });
  });

  router.get('/:id', (c) => {
    const entry = recorder.get(c.req.param('id'));
    return entry ? c.json(entry) : c.json({ reason: 'No such request: it was never recorded, or is gone.' }, 404);
  });

  router.delete('/', (c) => {
    recorder.clear();
    return c.body(null, 204);
  });
  return router;
}

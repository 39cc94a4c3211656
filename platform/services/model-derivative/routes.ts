import { Hono } from 'hono';
import type { DeleteManifestBody, FormatsResponse } from '../../../contracts/model-derivative';
import type { AppDeps } from '../../config';
import type { TokenCheck } from '../../http/auth';
import { modelDerivativeError } from '../../http/errors';
import { SUPPORTED_FORMATS } from '../../translation/formats';
import { mdGuard, requireRead, sourceFor, type MdEnv } from './access';
import { readJsonBody } from './body';
import { mdContext } from './context';
import { downloadRoutes, signedDownloadRoutes } from './download-routes';
import type { JobRunner } from './job-runner';
import { parseJobPayload } from './job-request';
import { deleteManifest, startJob } from './jobs';
import { serializeManifest } from './manifest';
import { metadataRoutes } from './metadata-routes';

// When this platform's list of conversions last changed: what If-Modified-Since is compared with.
export const FORMATS_LAST_MODIFIED = new Date('2026-11-01T00:00:00Z');
const ANY_SCOPE = [
  'data:read',
  'data:write',
  'data:create',
  'viewables:read',
  'bucket:read',
  'bucket:create',
  'bucket:update',
  'bucket:delete',
  'account:read',
  'account:write',
  'user-profile:read',
  'user:read',
  'code:all',
];

/** Model Derivative v2: `/modelderivative/v2/*`, jobs run by `runner`, derivatives in `deps.blobs`. */
export function modelDerivativeRoutes(deps: AppDeps, tokens: TokenCheck, runner: JobRunner) {
  const md = mdContext(deps);
  const guard = mdGuard(tokens, deps.clock);
  const router = new Hono<MdEnv>();
  router.route('/signed', signedDownloadRoutes(md));

  router.get('/designdata/formats', guard(ANY_SCOPE), (c) => {
    const since = Date.parse(c.req.header('if-modified-since') ?? '');
    const headers = { 'Last-Modified': FORMATS_LAST_MODIFIED.toUTCString() };
    if (!Number.isNaN(since) && Math.floor(FORMATS_LAST_MODIFIED.getTime() / 1000) <= Math.floor(since / 1000))
      return c.body(null, 304, headers);
    const formats: FormatsResponse = {
      formats: Object.fromEntries(
        Object.entries(SUPPORTED_FORMATS).map(([type, extensions]) => [type, [...extensions]]),
      ),
    };
    return c.json(formats, 200, headers);
  });

  router.post('/designdata/job', guard(['data:write', 'data:create']), async (c) => {
    requireRead(c);
    const body = await readJsonBody(c);
    if (body === undefined) throw modelDerivativeError(400, 'The body must be JSON.');
    const job = parseJobPayload(body);
    const source = await sourceFor(md, c, job.payload.input.urn);
    const force = (c.req.header('x-ads-force') ?? '').toLowerCase() === 'true';
    const started = await startJob(md, runner, source, job, c.get('token').clientId, force);
    return c.json(started.body, started.status);
  });

  router.get('/designdata/:urn/manifest', guard(['data:read', 'viewables:read']), async (c) => {
    const source = await sourceFor(md, c, c.req.param('urn'));
    const view = await md.stores.mdManifests.view(source.urn);
    if (!view) throw modelDerivativeError(404, 'No manifest: this design has not been translated.');
    return c.json(serializeManifest(view.manifest, view.derivatives, view.files, view.job));
  });

  router.delete('/designdata/:urn/manifest', guard(['data:write']), async (c) => {
    requireRead(c);
    const source = await sourceFor(md, c, c.req.param('urn'));
    await deleteManifest(md, runner, source.urn);
    return c.json({ result: 'success' } satisfies DeleteManifestBody);
  });

  router.route('/designdata', metadataRoutes(md, guard));
  router.route('/designdata', downloadRoutes(md, guard));
  return router;
}

import { Hono, type Context } from 'hono';
import type { AppDeps } from '../../config';
import { jsonApiError } from '../../http/errors';
import { jsonApiResponse } from '../../http/json-api';
import { controlTextProblem } from '../../http/text-rules';
import type { VersionRecord } from '../../storage/repos/dm-items';
import { projectOf, type DmEnv, type DmGuard } from './access';
import { storageLink } from './content-serializers';
import { downloadRequest } from './request-bodies';
import { readBody } from './requests';
import { enc, envelope, type LinkBase } from './serializers';

type Ctx = Context<DmEnv>;

/**
 * Downloads of a version. The platform converts nothing here, so each version offers its own format;
 * a download's id names its version, so no state is kept and every link keeps working.
 */
export function downloadRoutes({ stores }: AppDeps, guard: DmGuard) {
  const router = new Hono<DmEnv>();
  const read = guard(['data:read']);
  const base = (c: Ctx) => new URL(c.req.url).origin;
  const selfPath = (c: Ctx) => new URL(c.req.url).pathname;
  const version = async (c: Ctx, id: string) => {
    const found = await stores.items.findVersion((await projectOf(stores, c)).id, id);
    if (!found)
      throw jsonApiError(
        404,
        'NOT_FOUND',
        'Not found',
        `The version ${id} does not exist, or you are not allowed to see it.`,
      );
    return found;
  };
  // A download id is its version's id in base64url; one that decodes to anything else (zero bytes,
  // broken UTF-8, another spelling of the same bytes) names no download.
  const fromDownloadId = (c: Ctx, id: string) => {
    const versionId = Buffer.from(id, 'base64url').toString('utf8');
    if (Buffer.from(versionId).toString('base64url') !== id || controlTextProblem(versionId)) {
      throw jsonApiError(
        404,
        'NOT_FOUND',
        'Not found',
        `The download ${id.slice(0, 200)} does not exist, or you are not allowed to see it.`,
      );
    }
    return version(c, versionId);
  };

  router.get('/versions/:versionId/downloadFormats', read, async (c) => {
    const found = await version(c, c.req.param('versionId'));
    const formats = found.fileType ? [{ fileType: found.fileType }] : [];
    return jsonApiResponse(
      envelope(base(c), selfPath(c), { type: 'downloadFormats', id: found.id, attributes: { formats } }),
    );
  });

  router.get('/versions/:versionId/downloads', read, async (c) => {
    const found = await version(c, c.req.param('versionId'));
    const wanted = new URL(c.req.url).searchParams
      .getAll('filter[format.fileType]')
      .flatMap((value) => value.split(','));
    const downloads =
      found.storageUrn && (!wanted.length || (found.fileType && wanted.includes(found.fileType)))
        ? [download(base(c), found)]
        : [];
    return jsonApiResponse(envelope(base(c), selfPath(c), downloads));
  });

  router.get('/downloads/:downloadId', read, async (c) => {
    const found = await fromDownloadId(c, c.req.param('downloadId'));
    if (!found.storageUrn)
      throw jsonApiError(404, 'NOT_FOUND', 'Not found', 'This version has no stored file to download.');
    return jsonApiResponse(envelope(base(c), selfPath(c), download(base(c), found)));
  });

  router.post('/downloads', guard(['data:read']), async (c) => {
    const { data } = await readBody(c, downloadRequest);
    const { fileType } = data.attributes.format;
    const source = await version(c, data.relationships.source.data.id);
    if (!source.storageUrn || fileType.toLowerCase() !== source.fileType) {
      throw jsonApiError(
        400,
        'BAD_INPUT',
        'Bad input',
        `This version can be downloaded as ${source.fileType ?? 'nothing'} only: the platform converts files with Model Derivative, not here.`,
      );
    }
    const id = Buffer.from(source.id).toString('base64url');
    const job = `/data/v1/projects/${enc(source.projectId)}/jobs/${id}`;
    return jsonApiResponse(
      {
        jsonapi: { version: '1.0' },
        links: { self: { href: `${base(c)}${selfPath(c)}` } },
        data: [{ type: 'jobs', id, attributes: { status: 'complete' }, links: { self: { href: `${base(c)}${job}` } } }],
      },
      202,
    );
  });

  // A finished job sends the client on to its download, as the service does.
  router.get('/jobs/:jobId', read, async (c) => {
    const found = await fromDownloadId(c, c.req.param('jobId'));
    return c.redirect(
      `${base(c)}/data/v1/projects/${enc(found.projectId)}/downloads/${Buffer.from(found.id).toString('base64url')}`,
      303,
    );
  });
  return router;
}

function download(base: LinkBase, version: VersionRecord) {
  const id = Buffer.from(version.id).toString('base64url');
  const self = `${base}/data/v1/projects/${enc(version.projectId)}/downloads/${id}`;
  return {
    type: 'downloads',
    id,
    attributes: { format: { fileType: version.fileType ?? '' } },
    relationships: {
      source: { data: { type: 'versions', id: version.id }, links: { related: { href: `${self}/source` } } },
      storage: {
        data: { type: 'objects', id: version.storageUrn ?? '' },
        meta: { link: { href: storageLink(base, version.storageUrn ?? '') } },
      },
    },
    links: { self: { href: self } },
  };
}

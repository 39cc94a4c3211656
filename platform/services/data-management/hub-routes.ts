import { Hono, type Context } from 'hono';
import type { AppDeps } from '../../config';
import type { AuthVariables } from '../../http/auth';
import { jsonApiError } from '../../http/errors';
import type { DmGuard } from './access';
import { jsonApiResponse } from '../../http/json-api';
import { readPage, pageLinks } from './paging';
import { envelope, hubPath, projectPath, serializeHub, serializeProject } from './serializers';
import { serializeFolder } from './content-serializers';

type Ctx = Context<{ Variables: AuthVariables }>;
const notFound = (what: string) =>
  jsonApiError(404, 'NOT_FOUND', 'Not found', `${what} does not exist, or you are not allowed to see it.`);

/** Data Management v1, hubs and projects: `/project/v1/*`. */
export function hubRoutes({ stores }: AppDeps, guard: DmGuard) {
  const router = new Hono<{ Variables: AuthVariables }>();
  router.use('*', guard(['data:read']));
  const base = (c: Ctx) => new URL(c.req.url).origin;

  const visibleHub = async (c: Ctx) => {
    const hub = await stores.hubs.visibleHub(c.get('principal'), c.req.param('hubId') ?? '');
    if (!hub) throw notFound(`The hub ${c.req.param('hubId')}`);
    return hub;
  };
  const visibleProject = async (c: Ctx) => {
    const hub = await visibleHub(c);
    const project = await stores.hubs.visibleProject(c.get('principal'), c.req.param('projectId') ?? '');
    if (!project || project.hubId !== hub.id) throw notFound(`The project ${c.req.param('projectId')}`);
    return project;
  };

  router.get('/hubs', async (c) => {
    const hubs = await stores.hubs.listVisible(c.get('principal'));
    return jsonApiResponse(
      envelope(
        base(c),
        '/project/v1/hubs',
        hubs.map((hub) => serializeHub(base(c), hub)),
      ),
    );
  });

  router.get('/hubs/:hubId', async (c) => {
    const hub = await visibleHub(c);
    return jsonApiResponse(envelope(base(c), hubPath(hub.id), serializeHub(base(c), hub)));
  });

  router.get('/hubs/:hubId/projects', async (c) => {
    const hub = await visibleHub(c);
    const url = new URL(c.req.url);
    const page = readPage(url.searchParams);
    const ids = url.searchParams.getAll('filter[id]').flatMap((value) => value.split(','));
    let projects = await stores.hubs.listProjects(hub.id);
    if (ids.length) projects = projects.filter((project) => ids.includes(project.id));
    const slice = projects.slice(page.offset, page.offset + page.limit);
    const links = pageLinks(new URL(`${base(c)}${hubPath(hub.id)}/projects${url.search}`), page, projects.length);
    return jsonApiResponse(
      envelope(
        base(c),
        `${hubPath(hub.id)}/projects`,
        slice.map((project) => serializeProject(base(c), project)),
        { links },
      ),
    );
  });

  router.get('/hubs/:hubId/projects/:projectId', async (c) => {
    const project = await visibleProject(c);
    return jsonApiResponse(
      envelope(base(c), projectPath(project.hubId, project.id), serializeProject(base(c), project)),
    );
  });

  router.get('/hubs/:hubId/projects/:projectId/hub', async (c) => {
    const project = await visibleProject(c);
    const hub = await visibleHub(c);
    return jsonApiResponse(
      envelope(base(c), `${projectPath(project.hubId, project.id)}/hub`, serializeHub(base(c), hub)),
    );
  });

  router.get('/hubs/:hubId/projects/:projectId/topFolders', async (c) => {
    const project = await visibleProject(c);
    const includeHidden = false;
    const folders = project.rootFolderId
      ? await stores.folders.children(project.rootFolderId, includeHidden, 0, 10_000)
      : [];
    return jsonApiResponse(
      envelope(
        base(c),
        `${projectPath(project.hubId, project.id)}/topFolders`,
        folders.map((folder) => serializeFolder(base(c), folder)),
      ),
    );
  });
  return router;
}

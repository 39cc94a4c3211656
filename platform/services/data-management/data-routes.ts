import { Hono, type Context } from 'hono';
import type { AppDeps } from '../../config';
import type { AuthVariables } from '../../http/auth';
import { jsonApiError } from '../../http/errors';
import { encodeJsonApi, jsonApiAnswer, jsonApiResponse } from '../../http/json-api';
import { pageMemory } from '../../shared/page-memory';
import { newFolderId } from '../../storage/ids';
import { actorOf, projectOf, type DmGuard } from './access';
import { eventPlace } from './events';
import { changeFolder, createFolder } from './folder-changes';
import { folderContents, readContentsQuery } from './contents';
import { serializeFolder, serializeItem, serializeVersion } from './content-serializers';
import { pageLinks, readPage } from './paging';
import { folderChange, folderCreation } from './request-bodies';
import { readBody } from './requests';
import { envelope, folderPath } from './serializers';
import { downloadRoutes } from './download-routes';
import { uploadRoutes } from './upload-routes';
import { searchRoutes } from './search-routes';

type Ctx = Context<{ Variables: AuthVariables }>;
const notFound = (what: string) =>
  jsonApiError(404, 'NOT_FOUND', 'Not found', `${what} does not exist, or you are not allowed to see it.`);

/** Data Management v1 inside one project: `/data/v1/projects/{project_id}/*`. */
export function dataRoutes(deps: AppDeps, guard: DmGuard) {
  const { stores, clock } = deps;
  const router = new Hono<{ Variables: AuthVariables }>();
  router.route('/', uploadRoutes(deps, guard));
  router.route('/', downloadRoutes(deps, guard));
  router.route('/', searchRoutes(deps, guard));
  const read = guard(['data:read']);
  const create = guard(['data:create']);
  const write = guard(['data:write']);
  const base = (c: Ctx) => new URL(c.req.url).origin;
  const pages = pageMemory();

  const project = (c: Ctx) => projectOf(stores, c);
  const folder = async (c: Ctx, id = c.req.param('folderId') ?? '') => {
    const found = await stores.folders.find((await project(c)).id, id);
    if (!found) throw notFound(`The folder ${id}`);
    return found;
  };
  const item = async (c: Ctx) => {
    const found = await stores.items.find((await project(c)).id, c.req.param('itemId') ?? '');
    if (!found) throw notFound(`The item ${c.req.param('itemId')}`);
    return found;
  };
  const version = async (c: Ctx) => {
    const found = await stores.items.findVersion((await project(c)).id, c.req.param('versionId') ?? '');
    if (!found) throw notFound(`The version ${c.req.param('versionId')}`);
    return found;
  };
  const actor = (c: Ctx) => actorOf(stores, c);
  /** Where a change's events happen, and who made it when. */
  const eventContext = async (c: Ctx) =>
    [await eventPlace(stores, await project(c)), { actor: await actor(c), at: clock.now() }] as const;
  const selfPath = (c: Ctx) => new URL(c.req.url).pathname;

  /** Where a folder may go: another folder of the same project that is not the folder itself or below it. */
  const movableInto = async (moving: { id: string; projectId: string }, parentId: string) => {
    const destination = await stores.folders.find(moving.projectId, parentId);
    if (!destination)
      throw jsonApiError(
        404,
        'NOT_FOUND',
        'Not found',
        `The folder ${parentId} in data.relationships.parent does not exist in this project.`,
      );
    if (await stores.folders.isWithin(destination.id, moving.id)) {
      throw jsonApiError(
        400,
        'BAD_INPUT',
        'Bad input',
        'A folder cannot be moved into itself or into a folder inside it.',
      );
    }
    return destination.id;
  };

  router.get('/folders/:folderId', read, async (c) =>
    jsonApiResponse(envelope(base(c), selfPath(c), serializeFolder(base(c), await folder(c)))),
  );

  router.get('/folders/:folderId/parent', read, async (c) => {
    const child = await folder(c);
    if (!child.parentId) throw notFound(`A parent of the folder ${child.id}`);
    return jsonApiResponse(envelope(base(c), selfPath(c), serializeFolder(base(c), await folder(c, child.parentId))));
  });

  router.get('/folders/:folderId/contents', read, async (c) => {
    const parent = await folder(c);
    const url = new URL(c.req.url);
    const query = readContentsQuery(url.searchParams, readPage(url.searchParams));
    const contents = await folderContents(stores, parent.id, query);
    const render = () => {
      const links = pageLinks(new URL(`${base(c)}${url.pathname}${url.search}`), query.page, contents.total);
      const data = [
        ...contents.folders.map((f) => serializeFolder(base(c), f)),
        ...contents.items.map((i) => serializeItem(base(c), i)),
      ];
      return encodeJsonApi(
        envelope(base(c), selfPath(c), data, {
          links,
          included: contents.tips.map((v) => serializeVersion(base(c), v)),
        }),
      );
    };
    const rows = contents.items.length ? contents.items : contents.folders.length ? contents.folders : undefined;
    return jsonApiAnswer(
      rows
        ? pages.page([rows, contents.folders, contents.items, contents.tips, contents.total], url.href, render)
        : render(),
    );
  });

  router.get('/folders/:folderId/refs', read, async (c) => {
    await folder(c);
    return jsonApiResponse(envelope(base(c), selfPath(c), []));
  });

  router.get('/items/:itemId', read, async (c) => {
    const found = await item(c);
    const tips = await stores.items.tips([found.id]);
    return jsonApiResponse(
      envelope(base(c), selfPath(c), serializeItem(base(c), found), {
        included: tips.map((v) => serializeVersion(base(c), v)),
      }),
    );
  });
  router.get('/items/:itemId/parent', read, async (c) => {
    const found = await item(c);
    return jsonApiResponse(envelope(base(c), selfPath(c), serializeFolder(base(c), await folder(c, found.folderId))));
  });
  router.get('/items/:itemId/tip', read, async (c) => {
    const [tip] = await stores.items.tips([(await item(c)).id]);
    if (!tip) throw notFound('The tip version');
    return jsonApiResponse(envelope(base(c), selfPath(c), serializeVersion(base(c), tip)));
  });
  router.get('/items/:itemId/versions', read, async (c) => {
    const url = new URL(c.req.url);
    const page = readPage(url.searchParams);
    const all = await stores.items.versions((await item(c)).id);
    const links = pageLinks(new URL(`${base(c)}${url.pathname}${url.search}`), page, all.length);
    const data = all.slice(page.offset, page.offset + page.limit).map((v) => serializeVersion(base(c), v));
    return jsonApiResponse(envelope(base(c), selfPath(c), data, { links }));
  });
  router.get('/versions/:versionId', read, async (c) =>
    jsonApiResponse(envelope(base(c), selfPath(c), serializeVersion(base(c), await version(c)))),
  );
  router.get('/versions/:versionId/item', read, async (c) => {
    const found = await stores.items.find((await project(c)).id, (await version(c)).itemId);
    if (!found) throw notFound('The item of this version');
    return jsonApiResponse(envelope(base(c), selfPath(c), serializeItem(base(c), found)));
  });

  router.post('/folders', create, async (c) => {
    const { data } = await readBody(c, folderCreation);
    const { name } = data.attributes;
    const parent = await folder(c, data.relationships.parent.data.id);
    if (await stores.folders.nameTaken(parent.id, name)) {
      throw jsonApiError(
        409,
        'CONFLICT',
        'Conflict',
        'Another object with the same name already exists in this container',
      );
    }
    const id = newFolderId();
    const created = await createFolder(stores, ...(await eventContext(c)), {
      id,
      projectId: parent.projectId,
      parentId: parent.id,
      name,
    });
    return jsonApiResponse(envelope(base(c), folderPath(parent.projectId, id), serializeFolder(base(c), created)), 201);
  });

  router.patch('/folders/:folderId', write, async (c) => {
    const target = await folder(c);
    const { data } = await readBody(c, folderChange(target.id));
    const { name, hidden } = data.attributes;
    const parentId = data.relationships.parent.data.id;
    if (!target.parentId)
      throw jsonApiError(403, 'FORBIDDEN', 'Forbidden', 'The root folder of a project cannot be changed.');
    const destination =
      parentId === undefined || parentId === target.parentId ? undefined : await movableInto(target, parentId);
    const place = destination ?? target.parentId;
    const finalName = name ?? target.name;
    if (
      (destination || finalName.toLowerCase() !== target.name.toLowerCase()) &&
      (await stores.folders.nameTaken(place, finalName))
    ) {
      throw jsonApiError(
        409,
        'CONFLICT',
        'Conflict',
        'Another object with the same name already exists in this container',
      );
    }
    const changed = await changeFolder(
      stores,
      ...(await eventContext(c)),
      { ...target, parentId: target.parentId },
      {
        ...(name ? { name } : {}),
        ...(hidden !== undefined ? { hidden } : {}),
        ...(destination ? { parentId: destination } : {}),
      },
    );
    return jsonApiResponse(envelope(base(c), selfPath(c), serializeFolder(base(c), changed)));
  });

  return router;
}

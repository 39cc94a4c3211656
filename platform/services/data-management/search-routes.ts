import { Hono, type Context } from 'hono';
import type { AppDeps } from '../../config';
import { jsonApiError } from '../../http/errors';
import { jsonApiResponse } from '../../http/json-api';
import { projectOf, type DmEnv, type DmGuard } from './access';
import { serializeItem, serializeVersion } from './content-serializers';
import { pageLinks, readPage } from './paging';
import { readSearchQuery } from './search';
import { envelope } from './serializers';

type Ctx = Context<DmEnv>;

/** `GET …/folders/{folder_id}/search`: the tip versions in a folder and its sub-folders, with their items. */
export function searchRoutes({ stores }: AppDeps, guard: DmGuard) {
  const router = new Hono<DmEnv>();
  // The service's security lists both scopes; a token with either may search.
  const search = guard(['data:read', 'data:search']);
  const base = (c: Ctx) => new URL(c.req.url).origin;

  router.get('/folders/:folderId/search', search, async (c) => {
    const project = await projectOf(stores, c);
    const folderId = c.req.param('folderId');
    const folder = await stores.folders.find(project.id, folderId);
    if (!folder)
      throw jsonApiError(
        404,
        'NOT_FOUND',
        'Not found',
        `The folder ${folderId} does not exist, or you are not allowed to see it.`,
      );
    const url = new URL(c.req.url);
    const page = readPage(url.searchParams);
    const query = readSearchQuery(url.searchParams);
    const found = query.typeMatches
      ? await stores.search.tipsUnder(folder.id, query.clauses, page.offset, page.limit)
      : { tips: [], items: [], total: 0 };
    const links = pageLinks(new URL(`${base(c)}${url.pathname}${url.search}`), page, found.total);
    return jsonApiResponse(
      envelope(
        base(c),
        url.pathname,
        found.tips.map((v) => serializeVersion(base(c), v)),
        {
          links,
          included: found.items.map((item) => serializeItem(base(c), item)),
        },
      ),
    );
  });

  return router;
}

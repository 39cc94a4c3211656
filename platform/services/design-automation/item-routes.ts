import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { DaPage } from '../../../contracts/design-automation';
import { designAutomationError } from '../../http/errors';
import type { DaKind, DaListedId } from '../../storage/repos/da-items';
import { callerOf, type DaEnv } from './access';
import { createAlias, deleteAlias, getAlias, listAliases, modifyAlias } from './aliases';
import { readJson } from './body';
import type { DaContext } from './context';
import type { ActivityDefinition } from './definitions';
import { pathName, pathQualifiedId, qualifiedId } from './ids';
import {
  addItemVersion,
  createItem,
  deleteItem,
  deleteVersion,
  freeBlobs,
  KIND_WORD,
  ownVersion,
  visibleVersion,
} from './items';
import { PAGE_SIZE, pageOf, pagePosition } from './paging';
import { serializeActivity, serializeBundle, serializeVersion } from './serializers';
import { uploadParameters } from './upload-form';

const isListed = (value: unknown): value is DaListedId => {
  const position = value as Partial<DaListedId> | null;
  return (
    typeof position === 'object' &&
    position !== null &&
    (position.mine === 0 || position.mine === 1) &&
    typeof position.owner === 'string' &&
    typeof position.name === 'string' &&
    typeof position.alias === 'string'
  );
};

function versionParam(value: string): number {
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1)
    throw designAutomationError(400, { version: [`'${value.slice(0, 20)}' is not a version number.`] });
  return Number(value);
}

/**
 * `/appbundles` and `/activities`: the same routes for both. Paths under a name (versions,
 * aliases, delete) take the unqualified name of one of the caller's own; GET of one takes a
 * qualified id, which may be shared with the caller.
 */
export function itemRoutes(da: DaContext, kind: DaKind, guard: MiddlewareHandler<DaEnv>) {
  const router = new Hono<DaEnv>();
  router.use('*', guard);
  const name = (c: Context<DaEnv>) => pathName(c.req.param('id') ?? '');

  const created = async (
    c: Context<DaEnv>,
    made: { name: string; version: number; definition: ActivityDefinition | { engine: string } },
  ) => {
    const caller = await callerOf(da, c);
    const id = `${caller.owner}.${made.name}`;
    if (kind === 'activity') return c.json(serializeActivity(made.definition as ActivityDefinition, id, made.version));
    return c.json(
      serializeBundle(made.definition, id, made.version, {
        uploadParameters: await uploadParameters(da, caller.owner, made.name, made.version),
      }),
    );
  };

  router.get('/', async (c) => {
    const caller = await callerOf(da, c);
    const after = pagePosition(c.req.query('page'), isListed);
    const rows = await da.stores.daItems.listVisible(kind, caller.owner, caller.receivers, after, PAGE_SIZE + 1);
    return c.json(
      pageOf(
        rows,
        (row) => qualifiedId(row),
        (row) => row,
      ) satisfies DaPage<string>,
    );
  });
  router.post('/', async (c) => created(c, await createItem(da, await callerOf(da, c), kind, await readJson(c))));
  router.get('/:id', async (c) => {
    const id = pathQualifiedId(c.req.param('id'));
    return c.json(
      await serializeVersion(da, await visibleVersion(da, await callerOf(da, c), kind, id), qualifiedId(id)),
    );
  });
  router.delete('/:id', async (c) => {
    await freeBlobs(da, await deleteItem(da, await callerOf(da, c), kind, name(c)));
    return c.body(null, 204);
  });

  router.get('/:id/versions', async (c) => {
    const caller = await callerOf(da, c);
    const after = pagePosition(c.req.query('page'), (value): value is number => Number.isInteger(value)) ?? 0;
    const key = { kind, owner: caller.owner, name: name(c) };
    const rows = await da.stores.daItems.versions(key, after, PAGE_SIZE + 1);
    // Every appbundle and activity keeps at least one version: none means there is no such item.
    if (!rows.length && after === 0)
      throw designAutomationError(404, `${KIND_WORD[kind]} '${key.name}' was not found.`);
    return c.json(
      pageOf(
        rows,
        (row) => row,
        (row) => row,
      ) satisfies DaPage<number>,
    );
  });
  router.post('/:id/versions', async (c) =>
    created(c, await addItemVersion(da, await callerOf(da, c), kind, name(c), await readJson(c))),
  );
  router.get('/:id/versions/:version', async (c) => {
    const caller = await callerOf(da, c);
    const record = await ownVersion(da, caller, kind, name(c), versionParam(c.req.param('version')));
    return c.json(await serializeVersion(da, record, `${record.owner}.${record.name}`));
  });
  router.delete('/:id/versions/:version', async (c) => {
    await freeBlobs(da, [
      await deleteVersion(da, await callerOf(da, c), kind, name(c), versionParam(c.req.param('version'))),
    ]);
    return c.body(null, 204);
  });

  router.get('/:id/aliases', async (c) =>
    c.json(await listAliases(da, await callerOf(da, c), kind, name(c), c.req.query('page'))),
  );
  router.post('/:id/aliases', async (c) =>
    c.json(await createAlias(da, await callerOf(da, c), kind, name(c), await readJson(c))),
  );
  router.get('/:id/aliases/:aliasId', async (c) =>
    c.json(await getAlias(da, await callerOf(da, c), kind, name(c), c.req.param('aliasId'))),
  );
  router.patch('/:id/aliases/:aliasId', async (c) =>
    c.json(await modifyAlias(da, await callerOf(da, c), kind, name(c), c.req.param('aliasId'), await readJson(c))),
  );
  router.delete('/:id/aliases/:aliasId', async (c) => {
    await deleteAlias(da, await callerOf(da, c), kind, name(c), c.req.param('aliasId'));
    return c.body(null, 204);
  });
  return router;
}

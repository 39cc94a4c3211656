import { Hono, type Context } from 'hono';
import { ITEM_TYPE, VERSION_TYPE } from '../../../contracts/data-management';
import type { AppDeps } from '../../config';
import { jsonApiError } from '../../http/errors';
import { jsonApiResponse } from '../../http/json-api';
import { newItemId } from '../../storage/ids';
import { serializeItem, serializeVersion } from './content-serializers';
import { itemChange, itemCreation, storageCreation, versionCreation } from './request-bodies';
import { readBody } from './requests';
import { envelope } from './serializers';
import { checkedVersion, reserveStorage } from './uploads';
import { newVersionOf } from './version-sources';
import { actorOf, projectOf, type DmEnv, type DmGuard } from './access';
import { eventPlace } from './events';
import type { EventCause } from './event-payloads';
import { addVersion, createItem, renameItem } from './item-changes';

type Ctx = Context<DmEnv>;
const conflict = () =>
  jsonApiError(409, 'CONFLICT', 'Conflict', 'Another object with the same name already exists in this container');
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** The write half of the four-step upload: storage, items (with version 1) and versions. */
export function uploadRoutes(deps: AppDeps, guard: DmGuard) {
  const { stores, clock } = deps;
  const router = new Hono<DmEnv>();
  const create = guard(['data:create']);
  const write = guard(['data:write']);
  const base = (c: Ctx) => new URL(c.req.url).origin;
  const selfPath = (c: Ctx) => new URL(c.req.url).pathname;
  const causeOf = async (c: Ctx): Promise<EventCause> => ({ actor: await actorOf(stores, c), at: clock.now() });

  router.post('/storage', create, async (c) => {
    const project = await projectOf(stores, c);
    const { data } = await readBody(c, storageCreation);
    const { name } = data.attributes;
    const folderId = data.relationships.target.data.id;
    if (!(await stores.folders.find(project.id, folderId)))
      throw jsonApiError(404, 'NOT_FOUND', 'Not found', `The folder ${folderId} does not exist in this project.`);
    const storage = await reserveStorage(stores, clock, project.id, name, await actorOf(stores, c));
    return jsonApiResponse(
      {
        jsonapi: { version: '1.0' },
        links: { self: { href: `${base(c)}${selfPath(c)}` } },
        data: {
          type: 'objects',
          id: storage.objectId,
          relationships: { target: { data: { type: 'folders', id: folderId } } },
          links: {
            self: {
              href: `${base(c)}/oss/v2/buckets/${storage.bucketKey}/objects/${encodeURIComponent(storage.objectKey)}`,
            },
          },
        },
      },
      201,
    );
  });

  router.post('/items', create, async (c) => {
    const project = await projectOf(stores, c);
    const {
      data,
      included: [first],
    } = await readBody(c, itemCreation);
    const { displayName } = data.attributes;
    const folderId = data.relationships.parent.data.id;
    const { extension } = first.attributes;
    const folder = await stores.folders.find(project.id, folderId);
    if (!folder)
      throw jsonApiError(404, 'NOT_FOUND', 'Not found', `The folder ${folderId} does not exist in this project.`);
    if (await stores.folders.nameTaken(folder.id, displayName)) throw conflict();
    const version = {
      ...(await checkedVersion(
        stores,
        clock,
        project.id,
        first.attributes.name ?? displayName,
        first.relationships.storage.data.id,
        extension.type ?? VERSION_TYPE,
      )),
      comment: extension.data.comment,
    };
    const itemId = newItemId();
    let created;
    try {
      created = await createItem(
        stores,
        await eventPlace(stores, project),
        await causeOf(c),
        {
          id: itemId,
          projectId: project.id,
          folderId: folder.id,
          displayName,
          extensionType: data.attributes.extension.type ?? ITEM_TYPE,
        },
        version,
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict();
      throw error;
    }
    const item = await stores.items.find(project.id, itemId);
    return jsonApiResponse(
      envelope(
        base(c),
        `/data/v1/projects/${encodeURIComponent(project.id)}/items/${encodeURIComponent(itemId)}`,
        serializeItem(base(c), item!),
        { included: [serializeVersion(base(c), created)] },
      ),
      201,
    );
  });

  router.post('/versions', create, async (c) => {
    const project = await projectOf(stores, c);
    const { data } = await readBody(c, versionCreation);
    const itemId = data.relationships.item.data.id;
    const item = await stores.items.find(project.id, itemId);
    if (!item) throw jsonApiError(404, 'NOT_FOUND', 'Not found', `The item ${itemId} does not exist in this project.`);
    const version = await newVersionOf(stores, clock, item, data, c.req.query('copyFrom'));
    const created = await addVersion(stores, await eventPlace(stores, project), await causeOf(c), item, version);
    const updated = await stores.items.find(project.id, item.id);
    return jsonApiResponse(
      envelope(
        base(c),
        `/data/v1/projects/${encodeURIComponent(project.id)}/versions/${encodeURIComponent(created.id)}`,
        serializeVersion(base(c), created),
        { included: [serializeItem(base(c), updated!)] },
      ),
      201,
    );
  });

  router.patch('/items/:itemId', write, async (c) => {
    const project = await projectOf(stores, c);
    const item = await stores.items.find(project.id, c.req.param('itemId'));
    if (!item)
      throw jsonApiError(
        404,
        'NOT_FOUND',
        'Not found',
        `The item ${c.req.param('itemId')} does not exist in this project.`,
      );
    const { data } = await readBody(c, itemChange(item.id));
    const { displayName } = data.attributes;
    if (
      displayName.toLowerCase() !== item.displayName.toLowerCase() &&
      (await stores.folders.nameTaken(item.folderId, displayName))
    )
      throw conflict();
    try {
      await renameItem(stores, await eventPlace(stores, project), await causeOf(c), item, displayName);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict();
      throw error;
    }
    return jsonApiResponse(
      envelope(base(c), selfPath(c), serializeItem(base(c), (await stores.items.find(project.id, item.id))!)),
    );
  });
  return router;
}

import { Hono } from 'hono';
import type {
  MetadataResponse,
  ObjectTreeResponse,
  PropertiesQueryResponse,
  PropertiesResponse,
  StillProcessingBody,
} from '../../../contracts/model-derivative';
import { modelDerivativeError } from '../../http/errors';
import { sourceFor, type Guard, type MdEnv } from './access';
import { readJsonBody } from './body';
import type { MdContext } from './context';
import { findNode, objectIdParam, objectsOfView, viewablesOf, viewDatabase } from './metadata';
import { parsePropertiesQuery, project } from './property-query';

const STILL_PROCESSING: StillProcessingBody = { result: 'success' };

/** `…/{urn}/metadata…`: model views, object trees and properties, read from the svf2 property database. */
export function metadataRoutes(md: MdContext, guard: Guard) {
  const router = new Hono<MdEnv>();
  const read = guard(['data:read']);

  router.get('/:urn/metadata', read, async (c) => {
    const source = await sourceFor(md, c, c.req.param('urn'));
    const viewables = await viewablesOf(md, source.urn);
    if (viewables.state === 'running') return c.json(STILL_PROCESSING, 202);
    return c.json({ data: { type: 'metadata', metadata: viewables.views } } satisfies MetadataResponse);
  });

  router.get('/:urn/metadata/:guid', read, async (c) => {
    const source = await sourceFor(md, c, c.req.param('urn'));
    const viewables = await viewablesOf(md, source.urn);
    if (viewables.state === 'running') return c.json(STILL_PROCESSING, 202);
    const database = await viewDatabase(md, viewables, c.req.param('guid'));
    const objectid = objectIdParam(c.req.query('objectid'));
    const level = c.req.query('level');
    if (level !== undefined && level !== '1') throw modelDerivativeError(400, 'level supports only 1 (with objectid).');
    const roots = database.trees[c.req.param('guid')] ?? [];
    if (objectid === undefined)
      return c.json({ data: { type: 'objects', objects: roots } } satisfies ObjectTreeResponse);
    const node = findNode(roots, objectid);
    if (!node) throw modelDerivativeError(404, `The model view has no object ${objectid}.`);
    const shallow =
      level === '1' && node.objects
        ? { ...node, objects: node.objects.map(({ objects: _children, ...child }) => child) }
        : node;
    return c.json({ data: { type: 'objects', objects: [shallow] } } satisfies ObjectTreeResponse);
  });

  router.get('/:urn/metadata/:guid/properties', read, async (c) => {
    const source = await sourceFor(md, c, c.req.param('urn'));
    const viewables = await viewablesOf(md, source.urn);
    if (viewables.state === 'running') return c.json(STILL_PROCESSING, 202);
    const guid = c.req.param('guid');
    const objects = objectsOfView(await viewDatabase(md, viewables, guid), guid);
    const objectid = objectIdParam(c.req.query('objectid'));
    const collection = objectid === undefined ? objects : objects.filter((object) => object.objectid === objectid);
    if (objectid !== undefined && !collection.length)
      throw modelDerivativeError(404, `The model view has no object ${objectid}.`);
    return c.json({ data: { type: 'properties', collection } } satisfies PropertiesResponse);
  });

  // `properties:query` is one path segment; a pattern with a colon in it would read as a parameter.
  router.post('/:urn/metadata/:guid/:action', read, async (c) => {
    if (c.req.param('action') !== 'properties:query')
      throw modelDerivativeError(404, `No route for ${c.req.path.slice(0, 200)}.`);
    const guid = c.req.param('guid');
    const source = await sourceFor(md, c, c.req.param('urn'));
    const query = parsePropertiesQuery(await readJsonBody(c));
    const viewables = await viewablesOf(md, source.urn);
    if (viewables.state === 'running') return c.json(STILL_PROCESSING, 202);
    const matching = objectsOfView(await viewDatabase(md, viewables, guid), guid).filter(query.matches);
    const page = matching
      .slice(query.offset, query.offset + query.limit)
      .map((object) => project(object, query.fields));
    const body = {
      pagination: { limit: query.limit, offset: query.offset, totalResults: matching.length },
      data: { type: 'properties', collection: page },
    };
    return c.json(body as PropertiesQueryResponse);
  });
  return router;
}

import type { ModelView, ObjectProperties, ObjectTreeNode } from '../../../contracts/model-derivative';
import { modelDerivativeError } from '../../http/errors';
import type { FileRecord } from '../../storage/repos/md-records';
import type { PropertyDatabase } from '../../translation/properties-db';
import type { MdContext } from './context';

export const PROPERTY_DATABASE_ROLE = 'Autodesk.CloudPlatform.PropertyDatabase';

/** The outputs the metadata paths read, the preferred first: svf2, then the legacy svf (the same viewable here). */
const VIEWABLE_TYPES: readonly string[] = ['svf2', 'svf'];

/** What the metadata paths can serve of a design: still running (202), or its views and each view's property database. */
export type Viewables =
  { state: 'running' } | { state: 'ready'; views: ModelView[]; databases: ReadonlyMap<string, FileRecord> };

/**
 * The views listed are the preferred viewable output's; a guid of any viewable output (a job may
 * ask for svf and svf2) still finds its own output's property database.
 */
export async function viewablesOf(md: MdContext, urn: string): Promise<Viewables> {
  if (!(await md.stores.mdManifests.find(urn)))
    throw modelDerivativeError(404, 'No manifest: translate the design first.');
  const viewables = (await md.stores.mdManifests.derivatives(urn))
    .filter((derivative) => VIEWABLE_TYPES.includes(derivative.outputType))
    .sort((a, b) => VIEWABLE_TYPES.indexOf(a.outputType) - VIEWABLE_TYPES.indexOf(b.outputType));
  if (!viewables.length)
    throw modelDerivativeError(
      404,
      'The design has no svf2 or svf derivative: metadata comes from a viewable translation.',
    );
  if (viewables.some((derivative) => derivative.status === 'pending' || derivative.status === 'inprogress'))
    return { state: 'running' };
  const files = await md.stores.mdManifests.files(urn);
  const databases = new Map<string, FileRecord>();
  let listed: ModelView[] | undefined;
  for (const derivative of viewables) {
    const own = files.filter((file) => file.derivativeId === derivative.id);
    const database = own.find((file) => file.role === PROPERTY_DATABASE_ROLE);
    const views = new Map<string, ModelView>();
    for (const file of own) {
      if (file.viewGuid && !views.has(file.viewGuid))
        views.set(file.viewGuid, { name: file.viewName ?? '3D', role: file.viewRole ?? '3d', guid: file.viewGuid });
    }
    if (database) for (const guid of views.keys()) databases.set(guid, database);
    if (!listed && views.size) listed = [...views.values()];
  }
  const list = listed ?? [];
  const master = list.find((view) => view.role === '3d');
  if (master) master.isMasterView = true;
  return { state: 'ready', views: list, databases };
}

/** The view's property database, or 404 for a guid that is not one of the design's views. */
export async function viewDatabase(
  md: MdContext,
  viewables: Extract<Viewables, { state: 'ready' }>,
  guid: string,
): Promise<PropertyDatabase> {
  const database = viewables.databases.get(guid);
  if (!database) throw modelDerivativeError(404, `The design has no model view ${guid.slice(0, 100)}.`);
  return md.properties.load(database.blobId, database.size);
}

export function findNode(nodes: readonly ObjectTreeNode[], objectid: number): ObjectTreeNode | undefined {
  for (const node of nodes) {
    if (node.objectid === objectid) return node;
    const found = node.objects && findNode(node.objects, objectid);
    if (found) return found;
  }
  return undefined;
}

function collectIds(nodes: readonly ObjectTreeNode[], into: Set<number>): Set<number> {
  for (const node of nodes) {
    into.add(node.objectid);
    if (node.objects) collectIds(node.objects, into);
  }
  return into;
}

const viewObjects = new WeakMap<PropertyDatabase, Map<string, ObjectProperties[]>>();

/** The objects of one view (those in its tree), cached with the database they came from. */
export function objectsOfView(database: PropertyDatabase, guid: string): ObjectProperties[] {
  let perView = viewObjects.get(database);
  if (!perView) viewObjects.set(database, (perView = new Map<string, ObjectProperties[]>()));
  let objects = perView.get(guid);
  if (!objects) {
    const ids = collectIds(database.trees[guid] ?? [], new Set());
    objects = database.objects.filter((object) => ids.has(object.objectid));
    perView.set(guid, objects);
  }
  return objects;
}

/** `objectid` as a query parameter: absent, or a whole number (else 400). */
export function objectIdParam(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,15}$/.test(value)) throw modelDerivativeError(400, 'objectid must be a whole number.');
  return Number(value);
}

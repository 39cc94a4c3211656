import type { ObjectProperties, ObjectTreeNode } from '../../../contracts/model-derivative';
import type { ModelObject, PropertyGroups, ReadModel } from '../model';
import type { PropertyDatabase } from '../properties-db';

/**
 * The property database of an `svf2` output: every object in Model Derivative's own shape, and the
 * object tree built from the parent links. Every view of a model shows the whole model, so each view
 * guid gets the same tree.
 */
export function buildPropertyDatabase(model: ReadModel, viewGuids: string[]): PropertyDatabase {
  return { version: 1, objects: model.objects.map(entryOf), trees: treesOf(model, viewGuids) };
}

/** Every view's object tree: the same tree, built once. */
function treesOf(model: ReadModel, viewGuids: string[]): PropertyDatabase['trees'] {
  const tree = objectTree(model);
  return Object.fromEntries(viewGuids.map((guid) => [guid, tree]));
}

const entryOf = (object: ModelObject): ObjectProperties => ({
  objectid: object.dbId,
  name: object.name,
  externalId: object.externalId,
  properties: object.propertyUnits ? withUnits(object.properties, object.propertyUnits) : object.properties,
});

/**
 * A number with its unit as Model Derivative serves one ("0.609 m"): text, the number cut to 12
 * significant digits, which drops binary noise (0.6090000000000002) and keeps every digit a source
 * means. Numbers without a unit stay numbers, so databases written before units were kept read the same.
 */
export function measureText(value: number, unit: string): string {
  return `${Number.isFinite(value) ? Number(value.toPrecision(12)) : value} ${unit}`;
}

function withUnits(properties: PropertyGroups, units: NonNullable<ModelObject['propertyUnits']>): PropertyGroups {
  const result: PropertyGroups = {};
  for (const [group, values] of Object.entries(properties)) {
    const groupUnits = units[group];
    if (!groupUnits) {
      result[group] = values;
      continue;
    }
    result[group] = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [
        name,
        typeof value === 'number' && groupUnits[name] ? measureText(value, groupUnits[name]) : value,
      ]),
    );
  }
  return result;
}
const encoder = new TextEncoder();
const encodedEntry = (object: ModelObject) => encoder.encode(JSON.stringify(entryOf(object)));

/**
 * Objects' entries in the database serialized ahead, found again by the objects themselves: a reader
 * that knows its objects before its geometry (IFC) hands them here while web-ifc still triangulates.
 * An object handed over must not change after.
 */
export class PropertyPreparation {
  private readonly entries = new WeakMap<ModelObject, Uint8Array>();

  prepare(objects: readonly ModelObject[]): void {
    for (const object of objects) this.entries.set(object, encodedEntry(object));
  }

  entry(object: ModelObject): Uint8Array {
    return this.entries.get(object) ?? encodedEntry(object);
  }
}

const COMMA = encoder.encode(',');

/** The database as JSON bytes, the same as encoding `JSON.stringify(buildPropertyDatabase(...))`, from entries serialized ahead where there are some. */
export function writePropertyDatabase(
  model: ReadModel,
  viewGuids: string[],
  preparation = new PropertyPreparation(),
): Uint8Array {
  const parts: Uint8Array[] = [encoder.encode('{"version":1,"objects":[')];
  model.objects.forEach((object, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(preparation.entry(object));
  });
  parts.push(encoder.encode(`],"trees":${JSON.stringify(treesOf(model, viewGuids))}}`));
  return Buffer.concat(parts);
}

/**
 * Roots and their children in source order. An object whose parent is missing, or that would close a
 * cycle, becomes a root rather than vanishing: every object stays reachable in the tree.
 */
export function objectTree(model: ReadModel): ObjectTreeNode[] {
  const known = new Set(model.objects.map((object) => object.dbId));
  const children = new Map<number, number[]>();
  const roots: number[] = [];
  for (const object of model.objects) {
    if (object.parent !== undefined && object.parent !== object.dbId && known.has(object.parent)) {
      const siblings = children.get(object.parent) ?? [];
      siblings.push(object.dbId);
      children.set(object.parent, siblings);
    } else {
      roots.push(object.dbId);
    }
  }
  const names = new Map(model.objects.map((object) => [object.dbId, object.name]));
  const placed = new Set<number>();

  // Iterative, so a deep assembly (thousands of levels) cannot overflow the stack.
  const build = (rootId: number): ObjectTreeNode => {
    const root: ObjectTreeNode = { objectid: rootId, name: names.get(rootId) ?? '' };
    placed.add(rootId);
    const stack: ObjectTreeNode[] = [root];
    while (stack.length > 0) {
      const node = stack.pop() as ObjectTreeNode;
      const ids = (children.get(node.objectid) ?? []).filter((id) => !placed.has(id));
      if (ids.length === 0) continue;
      node.objects = ids.map((id) => {
        placed.add(id);
        return { objectid: id, name: names.get(id) ?? '' };
      });
      stack.push(...node.objects);
    }
    return root;
  };

  const tree = roots.map(build);
  // Objects only reachable through a cycle (a → b → a) have no root yet: the first of each becomes one.
  for (const object of model.objects) if (!placed.has(object.dbId)) tree.push(build(object.dbId));
  return tree;
}

import type { ModelObject, ReadModel, TriangleMesh } from '../model';
import type { StepOccurrence } from './step-structure';

/** A node of occt-import-js's result: its meshes are indices into the result's mesh list. */
export interface OcctNode {
  name: string;
  meshes: number[];
  children: OcctNode[];
}

export interface TreeSource {
  kind: 'STEP' | 'IGES';
  /** The engine's meshes of one of OCCT's (one per face colour). */
  meshes: (index: number) => TriangleMesh[];
  /** The name OCCT gave one of its meshes (the product whose shape it is, or ''). */
  meshName: (index: number) => string;
}

/**
 * The model's objects from OCCT's node tree and, where the file has one, its product structure:
 * every assembly, sub-assembly and part occurrence to any depth, by its own name. OCCT's meshes of an
 * assembly it flattened are handed to the parts they belong to in the order OCCT explores them; where
 * that order cannot be confirmed (counts or names disagree), they stay on the assembly and a warning
 * says so, while the structure below it still reaches the tree.
 */
export function buildStepObjects(
  root: OcctNode,
  structure: StepOccurrence[],
  source: TreeSource,
  model: ReadModel,
): void {
  const { kind } = source;
  const convert = (indices: number[]) => indices.flatMap(source.meshes);
  const add = (object: Omit<ModelObject, 'dbId'>): ModelObject => {
    const made = { dbId: model.objects.length + 1, ...object };
    model.objects.push(made);
    return made;
  };
  const unsplit: string[] = [];

  // OCCT's tree alone: what a file without a product structure (IGES, or products OCCT saw but the text did not) has.
  const visitOcct = (node: OcctNode, parent: number | undefined, path: string) => {
    const category = node.children.length > 0 ? 'Assembly' : 'Part';
    const dbId = model.objects.length + 1;
    const name = node.name || source.meshName(node.meshes[0] ?? -1) || `${category} ${dbId}`;
    add({
      name,
      externalId: path,
      category,
      properties: { 'Identity Data': { Name: name, Type: category, 'Source Format': kind } },
      meshes: convert(node.meshes),
      ...(parent !== undefined ? { parent } : {}),
    });
    node.children.forEach((child, index) => visitOcct(child, dbId, `${path}/${index + 1}`));
  };

  const addOccurrence = (occurrence: StepOccurrence, parent: number | undefined, path: string): ModelObject => {
    const { product, usage } = occurrence;
    const category = occurrence.children.length > 0 ? 'Assembly' : 'Part';
    const name = nameOf(occurrence) || `${category} ${model.objects.length + 1}`;
    return add({
      name,
      externalId: path,
      category,
      properties: {
        'Identity Data': { Name: name, Type: category, 'Source Format': kind },
        Product: {
          Name: product.name,
          Id: product.id,
          ...(product.description ? { Description: product.description } : {}),
        },
        ...(usage ? { Occurrence: { Name: usage.name, Id: usage.id } } : {}),
      },
      meshes: [],
      ...(parent !== undefined ? { parent } : {}),
    });
  };

  /** An occurrence and everything below it, with the meshes `share` gives each (none when absent). */
  const addSubtree = (
    occurrence: StepOccurrence,
    parent: number | undefined,
    path: string,
    share?: Map<StepOccurrence, number[]>,
  ): void => {
    const object = addOccurrence(occurrence, parent, path);
    object.meshes = convert(share?.get(occurrence) ?? []);
    occurrence.children.forEach((child, index) => addSubtree(child, object.dbId, `${path}/${index + 1}`, share));
  };

  const place = (node: OcctNode, occurrence: StepOccurrence, parent: number | undefined, path: string) => {
    if (node.children.length > 0) {
      const object = addOccurrence(occurrence, parent, path);
      object.meshes = convert(node.meshes);
      placeAll(node.children, occurrence.children, object.dbId, path);
      return;
    }
    const share = occurrence.children.length
      ? splitFlattened(node.meshes, occurrence, source.meshName)
      : new Map([[occurrence, node.meshes]]);
    if (!share) {
      unsplit.push(nameOf(occurrence));
      addSubtree(occurrence, parent, path, new Map([[occurrence, node.meshes]]));
    } else addSubtree(occurrence, parent, path, share);
  };

  const placeAll = (
    nodes: OcctNode[],
    occurrences: StepOccurrence[],
    parent: number | undefined,
    path: string | undefined,
  ) => {
    const at = (index: number) => (path === undefined ? String(index + 1) : `${path}/${index + 1}`);
    const { pairs, extra } = pair(nodes, occurrences);
    let index = 0;
    for (const [occurrence, node] of pairs) {
      // A root OCCT did not see and that holds nothing (a document's product, say) is no object of the model.
      if (!node && parent === undefined && occurrence.children.length === 0 && !hasShape(occurrence)) continue;
      if (node) place(node, occurrence, parent, at(index++));
      else addSubtree(occurrence, parent, at(index++));
    }
    for (const node of extra) visitOcct(node, parent, at(index++));
  };

  // OCCT's root is an unnamed shell around the top-level products: the tree starts below it.
  const tops = !root.name && root.meshes.length === 0 && root.children.length > 0 ? root.children : [root];
  if (structure.length === 0) tops.forEach((node, index) => visitOcct(node, undefined, String(index + 1)));
  else placeAll(tops, structure, undefined, undefined);
  if (unsplit.length) {
    model.warnings.push({
      type: 'warning',
      code: `${kind}-AssemblyGeometry`,
      message: `The parts of ${unsplit.slice(0, 3).join(', ')}${unsplit.length > 3 ? ` and ${unsplit.length - 3} more` : ''} could not be told apart in OCCT's geometry: their shapes are shown on the assembly.`,
    });
  }
}

const hasShape = (occurrence: StepOccurrence) =>
  occurrence.product.shape.solids + occurrence.product.shape.shells > 0 || occurrence.product.shape.faces;

/** The occurrence's own name where it has one (not OCCT's label path "=>[0:1:1:2]" nor its id), else its product's. */
function nameOf({ product, usage }: StepOccurrence): string {
  const own = usage?.name.trim() ?? '';
  if (own && own !== usage?.id && !/^=>\[[\d:]+\]$/.test(own)) return own;
  return product.name || product.id;
}

const sameProduct = (name: string, occurrence: StepOccurrence) =>
  !name || name === occurrence.product.name || name === occurrence.product.id;

/**
 * OCCT's nodes against the structure's occurrences, by product name (or id) in order. Pairs keep the
 * structure's order; OCCT's nodes no occurrence names come back as `extra`.
 */
function pair(
  nodes: OcctNode[],
  occurrences: StepOccurrence[],
): { pairs: Array<[StepOccurrence, OcctNode | undefined]>; extra: OcctNode[] } {
  // Occurrences by product name and id, each list in order: a large assembly pairs in linear time.
  const byName = new Map<string, StepOccurrence[]>();
  for (const occurrence of occurrences) {
    for (const key of new Set([occurrence.product.name, occurrence.product.id])) {
      const list = byName.get(key);
      if (list) list.push(occurrence);
      else byName.set(key, [occurrence]);
    }
  }
  const partner = new Map<StepOccurrence, OcctNode>();
  const cursor = new Map<string, number>();
  const nextFree = (key: string, list: StepOccurrence[]) => {
    let at = cursor.get(key) ?? 0;
    while (at < list.length && partner.has(list[at] as StepOccurrence)) at++;
    cursor.set(key, at);
    return list[at];
  };
  const extra: OcctNode[] = [];
  for (const node of nodes) {
    // A nameless node takes the first occurrence still free, in the structure's order.
    const match = node.name ? nextFree(node.name, byName.get(node.name) ?? []) : nextFree('', occurrences);
    if (match) partner.set(match, node);
    else extra.push(node);
  }
  return { pairs: occurrences.map((occurrence) => [occurrence, partner.get(occurrence)]), extra };
}

/**
 * OCCT's meshes of an assembly it flattened, handed to the occurrences below it: OCCT explores the
 * assembly's compound depth first and gives every solid first, then every shell outside a solid,
 * then one mesh of all loose faces (which stays on the assembly). Null when the counts or the names
 * OCCT gave the meshes disagree with the structure.
 */
export function splitFlattened(
  meshes: number[],
  top: StepOccurrence,
  meshName: (index: number) => string,
): Map<StepOccurrence, number[]> | null {
  const order: StepOccurrence[] = [];
  const stack = [top];
  while (stack.length) {
    const occurrence = stack.pop() as StepOccurrence;
    order.push(occurrence);
    for (let i = occurrence.children.length - 1; i >= 0; i--) stack.push(occurrence.children[i] as StepOccurrence);
  }
  const expected = [
    ...order.flatMap((o) => Array<StepOccurrence>(o.product.shape.solids).fill(o)),
    ...order.flatMap((o) => Array<StepOccurrence>(o.product.shape.shells).fill(o)),
  ];
  const loose = order.some((o) => o.product.shape.faces) ? 1 : 0;
  if (expected.length + loose !== meshes.length) return null;
  const share = new Map<StepOccurrence, number[]>();
  for (const [index, occurrence] of expected.entries()) {
    const mesh = meshes[index] as number;
    if (!sameProduct(meshName(mesh), occurrence)) return null;
    const list = share.get(occurrence);
    if (list) list.push(mesh);
    else share.set(occurrence, [mesh]);
  }
  if (loose) share.set(top, [...(share.get(top) ?? []), meshes[meshes.length - 1] as number]);
  return share;
}

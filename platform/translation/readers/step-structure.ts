import { StepLines, type RawAttribute } from './step-lines';

/**
 * A STEP file's product structure, read from its text: every product with its id, name and
 * description, every placed occurrence (NEXT_ASSEMBLY_USAGE_OCCURRENCE) with its own id and name, to
 * any depth, and how many meshes OCCT will make of each product's own shape. occt-import-js flattens
 * an assembly below its second level into one node and names nothing but products (issue 60 of
 * occt-import-js), so the STEP reader takes the tree from here and hands the meshes out along it.
 */

export interface StepProduct {
  id: string;
  name: string;
  description: string;
  /** What OCCT makes of the product's own shape: one mesh per solid, then one per shell outside a solid, then one of loose faces. */
  shape: { solids: number; shells: number; faces: boolean };
}

export interface StepOccurrence {
  product: StepProduct;
  /** The usage that placed it in its parent; absent for a root. */
  usage?: { id: string; name: string };
  children: StepOccurrence[];
}

/** Past this many occurrences a file's structure is not expanded (a hostile or runaway assembly). */
const MAX_OCCURRENCES = 200_000;

const REF = 5;
const STRING = 1;
const refOf = (value: RawAttribute | undefined): number | undefined =>
  value && !Array.isArray(value) && value.type === REF ? (value.value as number) : undefined;
const refsOf = (value: RawAttribute | undefined): number[] =>
  Array.isArray(value) ? value.map(refOf).filter((id): id is number => id !== undefined) : [];
const textOf = (value: RawAttribute | undefined): string =>
  value && !Array.isArray(value) && value.type === STRING ? String(value.value) : '';

function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const SOLIDS = new Set(['MANIFOLD_SOLID_BREP', 'BREP_WITH_VOIDS', 'FACETED_BREP', 'TESSELLATED_SOLID']);
const FACES = new Set(['ADVANCED_FACE', 'FACE_SURFACE', 'TRIANGULATED_FACE', 'COMPLEX_TRIANGULATED_FACE']);

/** The roots of the product structure (products no occurrence places), each with its occurrences below; empty when the file has no products. */
export function readStepStructure(bytes: Uint8Array): StepOccurrence[] {
  const codes = new Map<string, number>();
  const names: string[] = [''];
  const lines = new StepLines(bytes, (name) => {
    let code = codes.get(name);
    if (code === undefined) {
      code = names.push(name) - 1;
      codes.set(name, code);
    }
    return code;
  });
  const ids = (...types: string[]) => types.flatMap((type) => lines.idsOfType(codes.get(type) ?? -1));
  const typeOf = (id: number) => names[lines.type(id) ?? 0] ?? '';
  const attributes = (id: number) => lines.attributes(id) ?? [];

  // representation → representations a plain (untransformed) relationship links it with
  const linked = new Map<number, number[]>();
  for (const id of ids('SHAPE_REPRESENTATION_RELATIONSHIP', 'REPRESENTATION_RELATIONSHIP')) {
    const [, , one, two] = attributes(id);
    const a = refOf(one),
      b = refOf(two);
    if (a === undefined || b === undefined) continue;
    append(linked, a, b);
    append(linked, b, a);
  }
  // product definition → its shape representations
  const shapeOfDefinition = new Map<number, number>();
  for (const id of ids('PRODUCT_DEFINITION_SHAPE')) {
    const definition = refOf(attributes(id)[2]);
    if (definition !== undefined) shapeOfDefinition.set(id, definition);
  }
  const representations = new Map<number, number[]>();
  for (const id of ids('SHAPE_DEFINITION_REPRESENTATION')) {
    const [shape, representation] = attributes(id).map(refOf);
    const definition = shape === undefined ? undefined : shapeOfDefinition.get(shape);
    if (definition !== undefined && representation !== undefined) append(representations, definition, representation);
  }

  const ownerOf = new Map<number, number>();
  for (const [definition, list] of representations)
    for (const representation of list) ownerOf.set(representation, definition);

  const shapeOf = (definition: number): StepProduct['shape'] => {
    const shape = { solids: 0, shells: 0, faces: false };
    const seen = new Set<number>();
    const walk = (representation: number) => {
      // Another product's representation is that product's shape (placed by a mapped item), not this one's.
      const owner = ownerOf.get(representation);
      if (seen.has(representation) || (owner !== undefined && owner !== definition)) return;
      seen.add(representation);
      for (const item of refsOf(attributes(representation)[1])) {
        const type = typeOf(item);
        if (SOLIDS.has(type)) shape.solids++;
        else if (type === 'SHELL_BASED_SURFACE_MODEL' || type === 'FACE_BASED_SURFACE_MODEL')
          shape.shells += refsOf(attributes(item)[1]).length;
        else if (type === 'TESSELLATED_SHELL' || type === 'OPEN_SHELL' || type === 'CLOSED_SHELL') shape.shells++;
        else if (FACES.has(type)) shape.faces = true;
        else if (type === 'MAPPED_ITEM') {
          const mapped = refOf(attributes(refOf(attributes(item)[1]) ?? -1)[1]);
          if (mapped !== undefined) walk(mapped);
        }
      }
      for (const other of linked.get(representation) ?? []) walk(other);
    };
    for (const representation of representations.get(definition) ?? []) walk(representation);
    return shape;
  };

  const products = new Map<number, StepProduct>();
  const productOf = (definition: number): StepProduct | undefined => {
    const known = products.get(definition);
    if (known) return known;
    const formation = refOf(attributes(definition)[2]);
    const product = formation === undefined ? undefined : refOf(attributes(formation)[2]);
    if (product === undefined || typeOf(product) !== 'PRODUCT') return undefined;
    const [id, name, description] = attributes(product).map(textOf) as [string, string, string];
    const made = { id, name, description, shape: shapeOf(definition) };
    products.set(definition, made);
    return made;
  };

  const usages = new Map<number, Array<{ id: string; name: string; child: number }>>();
  const placed = new Set<number>();
  for (const id of ids('NEXT_ASSEMBLY_USAGE_OCCURRENCE')) {
    const values = attributes(id);
    const parent = refOf(values[3]),
      child = refOf(values[4]);
    if (parent === undefined || child === undefined) continue;
    append(usages, parent, { id: textOf(values[0]), name: textOf(values[1]), child });
    placed.add(child);
  }

  let budget = MAX_OCCURRENCES;
  // Depth-first with the path held, so a product that contains itself (a hostile file) ends there.
  const expand = (
    definition: number,
    product: StepProduct,
    usage: StepOccurrence['usage'],
    path: Set<number>,
  ): StepOccurrence => {
    budget--;
    const occurrence: StepOccurrence = { product, ...(usage ? { usage } : {}), children: [] };
    path.add(definition);
    for (const { id, name, child } of usages.get(definition) ?? []) {
      const childProduct = productOf(child);
      if (!childProduct || path.has(child) || budget <= 0) continue;
      occurrence.children.push(expand(child, childProduct, { id, name }, path));
    }
    path.delete(definition);
    return occurrence;
  };
  const roots: StepOccurrence[] = [];
  for (const definition of ids('PRODUCT_DEFINITION', 'PRODUCT_DEFINITION_WITH_ASSOCIATED_DOCUMENTS').sort(
    (a, b) => a - b,
  )) {
    const product = placed.has(definition) ? undefined : productOf(definition);
    if (product) roots.push(expand(definition, product, undefined, new Set()));
  }
  return roots;
}

import { createRequire } from 'node:module';
import type { ModelObject, ReadModel, Rgba, TriangleMesh } from '../model';
import { malformed, meshOrNothing, NEUTRAL_GREY, transformNormals, zUpToYUp } from './mesh-utils';

interface OcctMesh {
  name?: string;
  color?: [number, number, number];
  attributes: { position: { array: number[] }; normal?: { array: number[] } };
  index: { array: number[] };
  brep_faces: Array<{ first: number; last: number; color: [number, number, number] | null }>;
}
interface OcctNode {
  name: string;
  meshes: number[];
  children: OcctNode[];
}
interface OcctResult {
  success: boolean;
  root?: OcctNode;
  meshes?: OcctMesh[];
}
interface Occt {
  ReadStepFile(bytes: Uint8Array, params: object | null): OcctResult;
  ReadIgesFile(bytes: Uint8Array, params: object | null): OcctResult;
}

// occt-import-js ships no types and is CommonJS: load it through require and describe what we use.
const occtFactory = createRequire(import.meta.url)('occt-import-js') as () => Promise<Occt>;
let shared: Promise<Occt> | undefined;
/** The process's one OCCT instance (7.6 MB of wasm: compiled once per worker). */
const occt = (): Promise<Occt> => (shared ??= occtFactory());

/** OCCT gives millimetres whatever the file's unit; the model is in metres. */
const MM = 0.001;
const Z_UP_TO_Y_UP = [1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1];

/** STEP (AP203/214/242) and IGES through OCCT: the assembly tree with names, one mesh per face colour. */
export async function readStep(bytes: Uint8Array, kind: 'STEP' | 'IGES'): Promise<ReadModel> {
  if (bytes.length === 0) throw malformed(kind, 'it is empty.');
  const api = await occt();
  const result = kind === 'STEP' ? api.ReadStepFile(bytes, null) : api.ReadIgesFile(bytes, null);
  if (!result.success || !result.root || !result.meshes) throw malformed(kind, `OCCT found no ${kind} data in it (it is malformed, truncated or not ${kind === 'IGES' ? 'an' : 'a'} ${kind} file).`);
  const meshes = result.meshes;
  const model: ReadModel = { sourceFormat: kind, objects: [], warnings: [] };
  let empty = 0;
  const visit = (node: OcctNode, parent: number | undefined, path: string) => {
    const own = node.meshes.flatMap((index) => {
      const source = meshes[index];
      const converted = source ? convert(source) : [];
      if (converted.length === 0) empty++;
      return converted;
    });
    // OCCT's root is an unnamed shell around the top-level products: keep the tree as the file has it.
    if (parent === undefined && !node.name && own.length === 0 && node.children.length > 0) {
      node.children.forEach((child, index) => visit(child, undefined, String(index + 1)));
      return;
    }
    const dbId = model.objects.length + 1;
    const category = node.children.length > 0 ? 'Assembly' : 'Part';
    const name = node.name || meshes[node.meshes[0] ?? -1]?.name || `${category} ${dbId}`;
    const object: ModelObject = {
      dbId,
      name,
      externalId: path,
      category,
      properties: { 'Identity Data': { Name: name, Type: category, 'Source Format': kind } },
      meshes: own,
      ...(parent !== undefined ? { parent } : {}),
    };
    model.objects.push(object);
    node.children.forEach((child, index) => visit(child, dbId, `${path}/${index + 1}`));
  };
  visit(result.root, undefined, '1');
  if (model.objects.length === 0) throw malformed(kind, 'it holds no product or shape.');
  if (empty > 0) model.warnings.push({ type: 'warning', code: `${kind}-EmptyGeometry`, message: `${empty} shapes had no triangles and were skipped.` });
  return model;
}

/** One OCCT mesh → one TriangleMesh per colour its faces carry. */
function convert(source: OcctMesh): TriangleMesh[] {
  const positions = Float32Array.from(source.attributes.position.array);
  zUpToYUp(positions, MM);
  const normals = source.attributes.normal ? Float32Array.from(source.attributes.normal.array) : undefined;
  if (normals) transformNormals(normals, Z_UP_TO_Y_UP);
  const indices = source.index.array;
  const triangles = indices.length / 3;
  const base: Rgba = source.color ? [...source.color, 1] : NEUTRAL_GREY;
  const colourOf = new Array<string>(triangles).fill('');
  const colours = new Map<string, Rgba>([['', base]]);
  for (const face of source.brep_faces) {
    if (!face.color) continue;
    const key = face.color.join(',');
    colours.set(key, [...face.color, 1]);
    for (let t = face.first; t <= face.last && t < triangles; t++) colourOf[t] = key;
  }
  return [...colours.entries()].flatMap(([key, color]) => {
    const picked: number[] = [];
    for (let t = 0; t < triangles; t++) if (colourOf[t] === key) picked.push(indices[3 * t] as number, indices[3 * t + 1] as number, indices[3 * t + 2] as number);
    return meshOrNothing({ positions, ...(normals ? { normals } : {}), indices: Uint32Array.from(picked), color, ...(source.name ? { material: source.name } : {}) });
  });
}

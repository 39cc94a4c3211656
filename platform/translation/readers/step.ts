import { createRequire } from 'node:module';
import type { ReadModel, Rgba, TriangleMesh } from '../model';
import { malformed, meshOrNothing, NEUTRAL_GREY, transformNormals, zUpToYUp } from './mesh-utils';
import { readStepStructure, type StepOccurrence } from './step-structure';
import { buildStepObjects, type OcctNode, type TreeSource } from './step-tree';

interface OcctMesh {
  name?: string;
  color?: [number, number, number];
  attributes: { position: { array: number[] }; normal?: { array: number[] } };
  index: { array: number[] };
  brep_faces: Array<{ first: number; last: number; color: [number, number, number] | null }>;
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

/** STEP (AP203/214/242) and IGES through OCCT: the assembly tree with names (a STEP file's from its own product structure), one mesh per face colour. */
export async function readStep(bytes: Uint8Array, kind: 'STEP' | 'IGES'): Promise<ReadModel> {
  if (bytes.length === 0) throw malformed(kind, 'it is empty.');
  const api = await occt();
  const result = kind === 'STEP' ? api.ReadStepFile(bytes, null) : api.ReadIgesFile(bytes, null);
  if (!result.success || !result.root || !result.meshes)
    throw malformed(
      kind,
      `OCCT found no ${kind} data in it (it is malformed, truncated or not ${kind === 'IGES' ? 'an' : 'a'} ${kind} file).`,
    );
  const meshes = result.meshes;
  const model: ReadModel = { sourceFormat: kind, objects: [], warnings: [] };
  let empty = 0;
  const source: TreeSource = {
    kind,
    meshes: (index) => {
      const mesh = meshes[index];
      const converted = mesh ? convert(mesh) : [];
      if (converted.length === 0) empty++;
      return converted;
    },
    meshName: (index) => meshes[index]?.name ?? '',
  };
  buildStepObjects(result.root, kind === 'STEP' ? structureOf(bytes, model) : [], source, model);
  if (model.objects.length === 0) throw malformed(kind, 'it holds no product or shape.');
  if (empty > 0)
    model.warnings.push({
      type: 'warning',
      code: `${kind}-EmptyGeometry`,
      message: `${empty} shapes had no triangles and were skipped.`,
    });
  return model;
}

/** The file's product structure; a file whose text defeats the reading keeps OCCT's own tree, with a warning. */
function structureOf(bytes: Uint8Array, model: ReadModel): StepOccurrence[] {
  try {
    return readStepStructure(bytes);
  } catch (error) {
    model.warnings.push({
      type: 'warning',
      code: 'STEP-ProductStructure',
      message: `The product structure could not be read (${error instanceof Error ? error.message : String(error)}); the tree is OCCT's.`,
    });
    return [];
  }
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
    for (let t = 0; t < triangles; t++)
      if (colourOf[t] === key)
        picked.push(indices[3 * t] as number, indices[3 * t + 1] as number, indices[3 * t + 2] as number);
    return meshOrNothing({
      positions,
      ...(normals ? { normals } : {}),
      indices: Uint32Array.from(picked),
      color,
      ...(source.name ? { material: source.name } : {}),
    });
  });
}

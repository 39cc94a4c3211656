import type { FlatMesh, IfcAPI } from 'web-ifc';
import { webIfc } from './web-ifc';
import type { TriangleMesh } from '../model';

const { IFCOPENINGELEMENT, IFCOPENINGSTANDARDCASE, IFCPRODUCT, IFCSPACE } = webIfc;

export interface IfcGeometry {
  /** Meshes per element express id, one per colour. */
  meshes: Map<number, TriangleMesh[]>;
  /** Geometries web-ifc gave without a triangle (skipped). */
  empty: number;
}

/** Where a mesh's final arrays are made: plain ones, or ones another thread can read too. */
export interface ArrayMaker {
  floats(count: number): Float32Array;
  uint32s(count: number): Uint32Array;
}

const plainArrays: ArrayMaker = {
  floats: (count) => new Float32Array(count),
  uint32s: (count) => new Uint32Array(count),
};

type Part = { positions: Float32Array; normals: Float32Array; indices: Uint32Array };

/** The elements the caller streams next, of `total`: indices `from` up to `to`, an empty range when none is left. */
export type ClaimNext = (total: number) => [from: number, to: number];

const everyElement = (): ClaimNext => {
  let claimed = false;
  return (total) => (claimed ? [total, total] : ((claimed = true), [0, total]));
};

// web-ifc's own StreamAllMeshes skips these: they are voids and rooms, not built things.
const NOT_BUILT = new Set([IFCOPENINGELEMENT, IFCOPENINGSTANDARDCASE, IFCSPACE]);
const isElementType = new Map<number, boolean>();

/**
 * The elements web-ifc's StreamAllMeshes would visit, in express id order: the same set (checked on
 * every fixture), listed so that two threads can share them out.
 */
export function elementIds(api: IfcAPI, modelId: number): number[] {
  const products = api.GetLineIDsWithType(modelId, IFCPRODUCT, true);
  const ids: number[] = [];
  for (let i = 0; i < products.size(); i++) {
    const id = products.get(i);
    const type = api.GetLineType(modelId, id) as number;
    let element = isElementType.get(type);
    if (element === undefined) isElementType.set(type, (element = api.IsIfcElement(type) && !NOT_BUILT.has(type)));
    if (element) ids.push(id);
  }
  return ids.sort((a, b) => a - b);
}

export interface StreamOptions {
  /** Where the meshes' final arrays are made. */
  arrays?: ArrayMaker;
  /** Told how many elements the model has, before any is streamed. */
  onListed?: (count: number) => void;
  /** Which element to stream next: threads reading one model share them out through it. */
  claim?: ClaimNext;
  /** Each element's meshes as streamed. */
  onElement?: (expressId: number, meshes: TriangleMesh[]) => void;
  /** The entities to stream instead of the built elements (`elementIds`): spaces or openings. */
  ids?: number[];
}

/**
 * Every element's triangles in world space. web-ifc gives Y-up geometry already scaled to metres
 * (its linear scaling factor), interleaved position+normal, with one transform per placed geometry.
 */
export function readIfcGeometry(
  api: IfcAPI,
  modelId: number,
  { arrays = plainArrays, onListed, claim = everyElement(), onElement, ids: only }: StreamOptions = {},
): IfcGeometry {
  const meshes = new Map<number, TriangleMesh[]>();
  let empty = 0;
  const streamed = (flat: FlatMesh) => {
    const byColour = new Map<string, { color: TriangleMesh['color']; parts: Part[] }>();
    // An element of one geometry (most of them) is placed straight into its final arrays; parts of a
    // larger one go to scratch arrays first, and are merged into final ones per colour.
    const partArrays = flat.geometries.size() === 1 ? arrays : plainArrays;
    for (let i = 0; i < flat.geometries.size(); i++) {
      const placed = flat.geometries.get(i);
      const geometry = api.GetGeometry(modelId, placed.geometryExpressID);
      const vertices = api.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize());
      const indices = api.GetIndexArray(geometry.GetIndexData(), geometry.GetIndexDataSize());
      geometry.delete();
      if (indices.length < 3 || vertices.length < 18) {
        empty++;
        continue;
      }
      const count = vertices.length / 6;
      const positions = partArrays.floats(count * 3);
      const normals = partArrays.floats(count * 3);
      placeVertices(vertices, placed.flatTransformation, positions, normals);
      const { x, y, z, w } = placed.color;
      const key = `${x},${y},${z},${w}`;
      let bucket = byColour.get(key);
      if (!bucket) byColour.set(key, (bucket = { color: [x, y, z, w], parts: [] }));
      // GetIndexArray already copied out of wasm memory: copied again only into arrays another thread reads.
      bucket.parts.push({
        positions,
        normals,
        indices: partArrays === plainArrays ? indices : copied(indices, arrays),
      });
    }
    const merged = (color: TriangleMesh['color'], parts: Part[]) =>
      partArrays === arrays && parts.length === 1 ? { ...(parts[0] as Part), color } : merge(color, parts, arrays);
    if (byColour.size === 0) return;
    const elementMeshes = [...byColour.values()].map(({ color, parts }) => merged(color, parts));
    meshes.set(flat.expressID, elementMeshes);
    onElement?.(flat.expressID, elementMeshes);
  };
  const ids = only ?? elementIds(api, modelId);
  onListed?.(ids.length);
  // A call per element would cost Office_A a fifth more than one for all of them; runs of a few cost nothing more.
  for (let [from, to] = claim(ids.length); from < to; [from, to] = claim(ids.length))
    api.StreamMeshes(modelId, ids.slice(from, to), streamed);
  return { meshes, empty };
}

/**
 * web-ifc's interleaved position+normal vertices split into two arrays and placed in the world in one
 * pass: a plain loop, because views per vertex and separate transform passes cost more than web-ifc's
 * own streaming.
 */
function placeVertices(
  vertices: Float32Array,
  m: ArrayLike<number>,
  positions: Float32Array,
  normals: Float32Array,
): void {
  const m0 = m[0] as number,
    m1 = m[1] as number,
    m2 = m[2] as number,
    m4 = m[4] as number,
    m5 = m[5] as number,
    m6 = m[6] as number;
  const m8 = m[8] as number,
    m9 = m[9] as number,
    m10 = m[10] as number,
    m12 = m[12] as number,
    m13 = m[13] as number,
    m14 = m[14] as number;
  for (let from = 0, to = 0; from < vertices.length; from += 6, to += 3) {
    const x = vertices[from] as number,
      y = vertices[from + 1] as number,
      z = vertices[from + 2] as number;
    positions[to] = m0 * x + m4 * y + m8 * z + m12;
    positions[to + 1] = m1 * x + m5 * y + m9 * z + m13;
    positions[to + 2] = m2 * x + m6 * y + m10 * z + m14;
    const nx = vertices[from + 3] as number,
      ny = vertices[from + 4] as number,
      nz = vertices[from + 5] as number;
    const wx = m0 * nx + m4 * ny + m8 * nz,
      wy = m1 * nx + m5 * ny + m9 * nz,
      wz = m2 * nx + m6 * ny + m10 * nz;
    const length = Math.sqrt(wx * wx + wy * wy + wz * wz) || 1;
    normals[to] = wx / length;
    normals[to + 1] = wy / length;
    normals[to + 2] = wz / length;
  }
}

function copied(indices: Uint32Array, arrays: ArrayMaker): Uint32Array {
  const copy = arrays.uint32s(indices.length);
  copy.set(indices);
  return copy;
}

function merge(color: TriangleMesh['color'], parts: Part[], arrays: ArrayMaker): TriangleMesh {
  const vertexCount = parts.reduce((sum, part) => sum + part.positions.length, 0);
  const indexCount = parts.reduce((sum, part) => sum + part.indices.length, 0);
  const mesh: TriangleMesh = {
    positions: arrays.floats(vertexCount),
    normals: arrays.floats(vertexCount),
    indices: arrays.uint32s(indexCount),
    color,
  };
  let vertexOffset = 0;
  let indexOffset = 0;
  for (const part of parts) {
    mesh.positions.set(part.positions, vertexOffset);
    mesh.normals?.set(part.normals, vertexOffset);
    const base = vertexOffset / 3;
    for (let i = 0; i < part.indices.length; i++) mesh.indices[indexOffset + i] = (part.indices[i] as number) + base;
    vertexOffset += part.positions.length;
    indexOffset += part.indices.length;
  }
  return mesh;
}

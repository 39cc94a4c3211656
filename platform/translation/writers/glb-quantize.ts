import { MeshoptEncoder } from 'meshoptimizer';
import { ByteMemo } from './byte-identity';
import { emptyBounds, extendBounds } from './geometry';

// meshopt's wasm instantiates asynchronously, and reorderMesh below is called synchronously (while a
// reader still streams, before any writer awaits anything): nothing that imports this may run first.
await MeshoptEncoder.ready;

/**
 * Geometry made small for the web viewable, as KHR_mesh_quantization allows: positions as 14-bit
 * integers around the node's centre (the node's translation and uniform scale undo it), normals as
 * normalized bytes. Corners equal after quantization are welded, then meshopt puts triangles and
 * vertices in the order its codec compresses best.
 */

const POSITION_RANGE = (1 << 13) - 1;
const NORMAL_RANGE = 127;

/**
 * Math.round for the quantizers' small values: the same integer, ties up, at a third of the cost
 * (9 against 31 ns a vertex, measured here). The two part only at 0.5 − 2⁻⁵⁴, which the sum rounds
 * up to 1: a quantized normal (a 32-bit float times 127, exact) never lands there, a position with
 * odds of one in 2⁵³.
 */
const roundHalfUp = (value: number) => Math.floor(value + 0.5);

/** Vertices padded to 4 components, because glTF wants every vertex stride a multiple of 4 bytes. */
export interface QuantizedPrimitive {
  vertexCount: number;
  positions: Int16Array;
  normals?: Int8Array;
  indices?: Uint32Array;
  min: [number, number, number];
  max: [number, number, number];
}

export interface NodeQuantization {
  translation: [number, number, number];
  scale: number;
}

/** One offset and scale for all of a node's primitives, so they stay aligned with each other. */
export function nodeQuantization(positionArrays: Float32Array[]): NodeQuantization {
  const { min, max } = positionArrays.reduce((box, positions) => extendBounds(box, positions), emptyBounds());
  const centre = [0, 1, 2].map((axis) => ((min[axis] as number) + (max[axis] as number)) / 2) as [
    number,
    number,
    number,
  ];
  const half = Math.max(...[0, 1, 2].map((axis) => ((max[axis] as number) - (min[axis] as number)) / 2));
  return { translation: centre, scale: half > 0 && Number.isFinite(half) ? half / POSITION_RANGE : 1 };
}

function quantizePositions(positions: Float32Array, q: NodeQuantization): Int16Array {
  const count = positions.length / 3;
  const out = new Int16Array(count * 4);
  const [cx, cy, cz] = q.translation;
  const inverse = 1 / q.scale;
  for (let v = 0; v < count; v++) {
    out[v * 4] = roundHalfUp(((positions[v * 3] as number) - cx) * inverse);
    out[v * 4 + 1] = roundHalfUp(((positions[v * 3 + 1] as number) - cy) * inverse);
    out[v * 4 + 2] = roundHalfUp(((positions[v * 3 + 2] as number) - cz) * inverse);
  }
  return out;
}

/** Normals as normalized bytes, as given: a flat-shaded mesh's face normals. */
export function quantizeNormals(normals: Float32Array): Int8Array {
  const count = normals.length / 3;
  const out = new Int8Array(count * 4);
  for (let v = 0; v < count; v++) {
    out[v * 4] = roundHalfUp((normals[v * 3] as number) * NORMAL_RANGE);
    out[v * 4 + 1] = roundHalfUp((normals[v * 3 + 1] as number) * NORMAL_RANGE);
    out[v * 4 + 2] = roundHalfUp((normals[v * 3 + 2] as number) * NORMAL_RANGE);
  }
  return out;
}

/**
 * A source's normals made unit length (glTF requires it) and quantized in one pass, each rounded to
 * 32-bit first as a stored unit normal would be; undefined when absent, of the wrong length or with a
 * zero or non-finite one, and the mesh is then flat-shaded instead.
 */
export function quantizeUnitNormals(normals: Float32Array | undefined, length: number): Int8Array | undefined {
  if (!normals || normals.length !== length) return undefined;
  const out = new Int8Array((length / 3) * 4);
  for (let from = 0, to = 0; from + 2 < length; from += 3, to += 4) {
    const x = normals[from]!,
      y = normals[from + 1]!,
      z = normals[from + 2]!;
    const size = Math.sqrt(x * x + y * y + z * z);
    if (!(size > 1e-12) || !Number.isFinite(size)) return undefined;
    out[to] = roundHalfUp(Math.fround(x / size) * NORMAL_RANGE);
    out[to + 1] = roundHalfUp(Math.fround(y / size) * NORMAL_RANGE);
    out[to + 2] = roundHalfUp(Math.fround(z / size) * NORMAL_RANGE);
  }
  return out;
}

/** murmur3's finaliser: spreads every input bit over the low bits a power-of-two table uses. */
function mix(value: number): number {
  let h = value ^ (value >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/**
 * The first vertex with the same quantized position and normal, for every vertex. Open addressing
 * with the key kept in the slot, so a probe touches one place in memory rather than two.
 */
function weldRemap(positions: Int16Array, normals: Int8Array, count: number): { remap: Uint32Array; unique: number } {
  const packedPositions = new Int32Array(positions.buffer, positions.byteOffset, count * 2);
  const packedNormals = new Int32Array(normals.buffer, normals.byteOffset, count);
  let size = 1;
  while (size < count * 2) size <<= 1;
  // Per slot: x|y, z, normal, vertex + 1 (0 marks an empty slot).
  const table = new Int32Array(size * 4);
  const remap = new Uint32Array(count);
  let unique = 0;
  for (let v = 0; v < count; v++) {
    const xy = packedPositions[v * 2] as number,
      z = packedPositions[v * 2 + 1] as number,
      n = packedNormals[v] as number;
    let slot = mix(xy ^ Math.imul(z ^ n, 0x9e3779b1)) & (size - 1);
    for (;;) {
      const at = slot * 4;
      const found = table[at + 3] as number;
      if (found === 0) {
        table[at] = xy;
        table[at + 1] = z;
        table[at + 2] = n;
        table[at + 3] = v + 1;
        remap[v] = v;
        unique++;
        break;
      }
      if (table[at] === xy && table[at + 1] === z && table[at + 2] === n) {
        remap[v] = found - 1;
        break;
      }
      slot = (slot + 1) & (size - 1);
    }
  }
  return { remap, unique };
}

const bounds = (positions: Int16Array, count: number): Pick<QuantizedPrimitive, 'min' | 'max'> =>
  extendBounds(emptyBounds(), positions, 4, count);

/** The triangles in welded numbering, without those welding collapsed to a line or a point. */
function weldedTriangles(indices: Uint32Array, remap: Uint32Array): Uint32Array {
  const out = new Uint32Array(indices.length);
  let length = 0;
  for (let i = 0; i + 2 < indices.length; i += 3) {
    const a = remap[indices[i] as number] as number,
      b = remap[indices[i + 1] as number] as number,
      c = remap[indices[i + 2] as number] as number;
    if (a === b || b === c || a === c) continue;
    out[length++] = a;
    out[length++] = b;
    out[length++] = c;
  }
  // A view either way: a branch only some models take deoptimised this hot path at a person's first job.
  return out.subarray(0, length);
}

/**
 * Triangles: quantized, welded and reordered; vertices no triangle uses are dropped, and so is a
 * primitive with nothing left (every triangle smaller than the quantization step). `done` holds what
 * this model's other primitives came to.
 */
export function quantizeTriangles(
  q: NodeQuantization,
  positions: Float32Array,
  quantizedNormals: Int8Array,
  indices: Uint32Array,
  done = new ByteMemo<QuantizedPrimitive | undefined>(),
): QuantizedPrimitive | undefined {
  const quantizedPositions = quantizePositions(positions, q);
  // Copies of one part (rebars, bolts) quantize to the same integers around their own centres: welded and reordered once.
  return done.get([quantizedPositions, quantizedNormals, indices], () =>
    weldAndReorder(quantizedPositions, quantizedNormals, indices),
  );
}

function weldAndReorder(
  quantizedPositions: Int16Array,
  quantizedNormals: Int8Array,
  indices: Uint32Array,
): QuantizedPrimitive | undefined {
  const count = quantizedPositions.length / 4;
  const welded = weldRemap(quantizedPositions, quantizedNormals, count);
  const order = weldedTriangles(indices, welded.remap);
  if (order.length === 0) return undefined;
  // reorderMesh rewrites `order` in place into the new numbering and says where each old vertex went.
  const [newIndexOf, unique] = MeshoptEncoder.reorderMesh(order, true, true);
  // Signed, so "unused" (0xffffffff) reads as -1 rather than a number past V8's small integers.
  const remap = new Int32Array(newIndexOf.buffer, newIndexOf.byteOffset, newIndexOf.length);
  const outPositions = new Int16Array(unique * 4);
  const outNormals = new Int8Array(unique * 4);
  const packedIn = new Int32Array(quantizedNormals.buffer);
  const packedOut = new Int32Array(outNormals.buffer);
  // The remap ends at the highest vertex a triangle uses: reading past it would leave the fast path.
  for (let v = 0; v < remap.length; v++) {
    const to = remap[v] as number;
    if (to < 0) continue;
    outPositions[to * 4] = quantizedPositions[v * 4] as number;
    outPositions[to * 4 + 1] = quantizedPositions[v * 4 + 1] as number;
    outPositions[to * 4 + 2] = quantizedPositions[v * 4 + 2] as number;
    packedOut[to] = packedIn[v] as number;
  }
  return {
    vertexCount: unique,
    positions: outPositions,
    normals: outNormals,
    indices: order,
    ...bounds(outPositions, unique),
  };
}

/** Line segments as they are: pairs of points, no indices to reorder. */
export function quantizeLines(q: NodeQuantization, positions: Float32Array): QuantizedPrimitive {
  const count = positions.length / 3;
  const quantized = quantizePositions(positions, q);
  return { vertexCount: count, positions: quantized, ...bounds(quantized, count) };
}

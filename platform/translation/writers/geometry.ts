import type { ModelObject, ReadModel, Rgba, TriangleMesh } from '../model';

/**
 * Small geometry helpers the writers share. The model is Y-up in metres (glTF's convention); STL, IFC
 * and the plan sections want Z up, so the rotation lives here once.
 */

export interface Bounds {
  min: [number, number, number];
  max: [number, number, number];
}

const checked = new WeakMap<TriangleMesh, boolean>();

/**
 * A mesh every writer can take: at least one triangle, finite positions, indices inside them. A
 * reader's slip (NaN from a degenerate transform, a stray index) then drops one mesh instead of
 * failing gltf-validator or writing garbage; checked once per mesh, then remembered.
 */
export function isUsable(mesh: TriangleMesh): boolean {
  let usable = checked.get(mesh);
  if (usable === undefined) {
    usable =
      mesh.indices.length >= 3 &&
      allFinite(mesh.positions) &&
      indicesBelow(mesh.indices, Math.floor(mesh.positions.length / 3));
    checked.set(mesh, usable);
  }
  return usable;
}

/**
 * Whether the first `count` values are all finite, in one tight pass (the sanitiser runs it over every
 * mesh of a building): x * 0 is 0 for a finite x and NaN for NaN or ±Infinity.
 */
export function allFinite(values: Float32Array, count = values.length): boolean {
  let sum = 0;
  for (let i = 0; i < count; i++) sum += (values[i] as number) * 0;
  return sum === 0;
}

export function indicesBelow(indices: Uint32Array, limit: number): boolean {
  for (let i = 0; i < indices.length; i++) if ((indices[i] as number) >= limit) return false;
  return true;
}

/** The meshes of an object that a writer writes. */
export const usableMeshes = (object: ModelObject): TriangleMesh[] => object.meshes.filter(isUsable);

/** Objects that carry triangles: the only ones a mesh output writes. */
export const meshObjects = (model: ReadModel): ModelObject[] =>
  model.objects.filter((object) => object.meshes.some(isUsable));

export function triangleCount(model: ReadModel): number {
  let count = 0;
  for (const object of model.objects)
    for (const mesh of usableMeshes(object)) count += Math.floor(mesh.indices.length / 3);
  return count;
}

/** A box around nothing yet, for `extendBounds` to grow. */
export const emptyBounds = (): Bounds => ({
  min: [Infinity, Infinity, Infinity],
  max: [-Infinity, -Infinity, -Infinity],
});

/** Grows `box` around `count` points stored `stride` numbers apart (3 for xyz, 4 for padded vertices). */
export function extendBounds(
  box: Bounds,
  points: ArrayLike<number>,
  stride = 3,
  count = Math.floor(points.length / stride),
): Bounds {
  const { min, max } = box;
  let [minX, minY, minZ] = min,
    [maxX, maxY, maxZ] = max;
  // Math.min and Math.max into locals: two thirds of the time of comparing into the box's arrays
  // (180k vertices: 2.8 -> 1.8 ms), which reinforcing-assembly's GLB did twice per vertex.
  for (let i = 0, end = count * stride; i < end; i += stride) {
    const x = points[i]!,
      y = points[i + 1]!,
      z = points[i + 2]!;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
    minZ = Math.min(minZ, z);
    maxZ = Math.max(maxZ, z);
  }
  // They pass a NaN on where a comparison skips it: a damaged file's stray vertex is skipped as ever.
  if ([minX, minY, minZ, maxX, maxY, maxZ].some(Number.isNaN)) return extendSkippingNaN(box, points, stride, count);
  min.splice(0, 3, minX, minY, minZ);
  max.splice(0, 3, maxX, maxY, maxZ);
  return box;
}

function extendSkippingNaN(box: Bounds, points: ArrayLike<number>, stride: number, count: number): Bounds {
  const { min, max } = box;
  for (let i = 0; i < count * stride; i += stride) {
    for (let axis = 0; axis < 3; axis++) {
      const value = points[i + axis]!;
      if (value < min[axis]!) min[axis] = value;
      if (value > max[axis]!) max[axis] = value;
    }
  }
  return box;
}

/** The box around every vertex that a triangle uses; undefined for a model without triangles. */
export function modelBounds(model: ReadModel): Bounds | undefined {
  const box = emptyBounds();
  for (const object of model.objects) for (const mesh of usableMeshes(object)) extendBounds(box, mesh.positions);
  return box.min[0] <= box.max[0] ? box : undefined;
}

/**
 * Y-up → Z-up, a +90° turn about X: (x, y, z) → (x, −z, y). Handedness is kept, so triangle winding
 * and outward normals stay right.
 */
export function zUp(positions: Float32Array): Float32Array {
  const out = new Float32Array(positions.length);
  for (let i = 0; i + 2 < positions.length; i += 3) {
    out[i] = positions[i]!;
    out[i + 1] = -positions[i + 2]!;
    out[i + 2] = positions[i + 1]!;
  }
  return out;
}

/** The unit normal of triangle (a, b, c) of a position array, written into `out`; zero when degenerate. */
export function faceNormal(p: Float32Array, a: number, b: number, c: number, out: Float64Array): Float64Array {
  const ax = p[a * 3]!,
    ay = p[a * 3 + 1]!,
    az = p[a * 3 + 2]!;
  const ux = p[b * 3]! - ax,
    uy = p[b * 3 + 1]! - ay,
    uz = p[b * 3 + 2]! - az;
  const vx = p[c * 3]! - ax,
    vy = p[c * 3 + 1]! - ay,
    vz = p[c * 3 + 2]! - az;
  const nx = uy * vz - uz * vy,
    ny = uz * vx - ux * vz,
    nz = ux * vy - uy * vx;
  // Not Math.hypot, which costs several times more in V8; float32 inputs can neither overflow nor underflow a double here.
  const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (length > 0) {
    out[0] = nx / length;
    out[1] = ny / length;
    out[2] = nz / length;
  } else {
    out.fill(0);
  }
  return out;
}

/**
 * The mesh with one vertex per triangle corner and that triangle's normal, for sources without
 * normals: shared corners would otherwise smear the shading of hard edges. Welding later merges the
 * corners that share a position and a normal again.
 */
export function flatShaded(mesh: TriangleMesh): {
  positions: Float32Array;
  normals: Float32Array;
  indices: Uint32Array;
} {
  const count = mesh.indices.length - (mesh.indices.length % 3);
  const positions = new Float32Array(count * 3);
  const normals = new Float32Array(count * 3);
  const indices = new Uint32Array(count);
  const normal = new Float64Array(3);
  for (let t = 0; t < count; t += 3) {
    faceNormal(mesh.positions, mesh.indices[t]!, mesh.indices[t + 1]!, mesh.indices[t + 2]!, normal);
    for (let corner = 0; corner < 3; corner++) {
      const source = mesh.indices[t + corner]! * 3;
      const target = (t + corner) * 3;
      positions[target] = mesh.positions[source]!;
      positions[target + 1] = mesh.positions[source + 1]!;
      positions[target + 2] = mesh.positions[source + 2]!;
      normals[target] = normal[0]!;
      normals[target + 1] = normal[1]!;
      normals[target + 2] = normal[2]!;
      indices[t + corner] = t + corner;
    }
  }
  return { positions, normals, indices };
}

/**
 * A drawing path's segments as [ax, ay, bx, by], closing a closed path, skipping any with a
 * non-finite end: a bad coordinate from a damaged file costs one segment, not the output.
 */
export function* pathSegments(
  points: ReadonlyArray<readonly [number, number]>,
  closed: boolean,
): Generator<[number, number, number, number]> {
  const count = points.length;
  const segments = closed && count > 2 ? count : count - 1;
  for (let i = 0; i < segments; i++) {
    const [ax, ay] = points[i]!;
    const [bx, by] = points[(i + 1) % count]!;
    if (Number.isFinite(ax) && Number.isFinite(ay) && Number.isFinite(bx) && Number.isFinite(by))
      yield [ax, ay, bx, by];
  }
}

const channel = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 255);

/** A colour as `rrggbbaa`, the key materials are shared by. */
export const colorKey = (color: Rgba): string =>
  color.map((value) => channel(value).toString(16).padStart(2, '0')).join('');

/** 0–255 RGB of a colour. */
export const rgb255 = (color: Rgba): [number, number, number] => [
  channel(color[0]),
  channel(color[1]),
  channel(color[2]),
];

/**
 * Drawings often use white (DXF colour 7) meaning "the contrast colour": on our light backgrounds
 * and white paper it must come out dark, as CAD programs show it.
 */
export function inkOnLight(color: Rgba): [number, number, number] {
  const [r, g, b] = rgb255(color);
  return 0.299 * r + 0.587 * g + 0.114 * b > 230 ? [0, 0, 0] : [r, g, b];
}

/** A 2D box that grows to take in each point given; empty until the first. */
export class Bounds2D {
  minX = Infinity;
  maxX = -Infinity;
  minY = Infinity;
  maxY = -Infinity;

  include(x: number, y: number): void {
    if (x < this.minX) this.minX = x;
    if (x > this.maxX) this.maxX = x;
    if (y < this.minY) this.minY = y;
    if (y > this.maxY) this.maxY = y;
  }

  isEmpty(): boolean {
    return !(this.minX <= this.maxX);
  }

  /** The scale that fits the box into width × height, leaving `margin` (a fraction) on every side. */
  fitScale(width: number, height: number, margin: number): number {
    return Math.min(
      (width * (1 - 2 * margin)) / Math.max(this.maxX - this.minX, 1e-9),
      (height * (1 - 2 * margin)) / Math.max(this.maxY - this.minY, 1e-9),
    );
  }
}

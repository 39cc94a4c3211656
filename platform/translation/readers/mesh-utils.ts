import { TranslationError, type Rgba, type TriangleMesh } from '../model';

/** The colour of geometry whose source gave none. */
export const NEUTRAL_GREY: Rgba = [0.7, 0.7, 0.7, 1];

/** A reader's failure on malformed input: the job fails with this message, the platform goes on. */
export const malformed = (format: string, what: string): TranslationError =>
  new TranslationError('TranslationWorker-InvalidSource', `The ${format} file could not be read: ${what}`);

/** Applies a column-major 4×4 matrix (glTF, web-ifc, three) to x,y,z triples, in place. */
export function transformPoints(points: Float32Array, m: ArrayLike<number>): void {
  for (let i = 0; i < points.length; i += 3) {
    const x = points[i] as number;
    const y = points[i + 1] as number;
    const z = points[i + 2] as number;
    points[i] = (m[0] as number) * x + (m[4] as number) * y + (m[8] as number) * z + (m[12] as number);
    points[i + 1] = (m[1] as number) * x + (m[5] as number) * y + (m[9] as number) * z + (m[13] as number);
    points[i + 2] = (m[2] as number) * x + (m[6] as number) * y + (m[10] as number) * z + (m[14] as number);
  }
}

/** Applies the rotation/scale part of a matrix to normals and renormalises them, in place. */
export function transformNormals(normals: Float32Array, m: ArrayLike<number>): void {
  for (let i = 0; i < normals.length; i += 3) {
    const x = normals[i] as number;
    const y = normals[i + 1] as number;
    const z = normals[i + 2] as number;
    const nx = (m[0] as number) * x + (m[4] as number) * y + (m[8] as number) * z;
    const ny = (m[1] as number) * x + (m[5] as number) * y + (m[9] as number) * z;
    const nz = (m[2] as number) * x + (m[6] as number) * y + (m[10] as number) * z;
    const length = Math.sqrt(nx * nx + ny * ny + nz * nz) || 1;
    normals[i] = nx / length;
    normals[i + 1] = ny / length;
    normals[i + 2] = nz / length;
  }
}

/** Z-up source coordinates (STEP, STL, 3DM, most CAD) to the model's Y-up, scaled to metres, in place. */
export function zUpToYUp(points: Float32Array, scale = 1): void {
  for (let i = 0; i < points.length; i += 3) {
    const y = points[i + 1] as number;
    points[i] = (points[i] as number) * scale;
    points[i + 1] = (points[i + 2] as number) * scale;
    points[i + 2] = -y * scale;
  }
}

/** 0, 1, 2 … for geometry given as a plain triangle soup. */
export function sequentialIndices(vertexCount: number): Uint32Array {
  const indices = new Uint32Array(vertexCount - (vertexCount % 3));
  for (let i = 0; i < indices.length; i++) indices[i] = i;
  return indices;
}

/** A mesh, or nothing when it holds no triangle: empty geometries are skipped, not written. */
export function meshOrNothing(mesh: TriangleMesh): TriangleMesh[] {
  return mesh.indices.length >= 3 && mesh.positions.length >= 9 ? [mesh] : [];
}

export const triangleCount = (meshes: TriangleMesh[]): number =>
  meshes.reduce((sum, mesh) => sum + mesh.indices.length / 3, 0);

/** Text of a file in UTF-8 (the encodings of OBJ, MTL, DXF, glTF JSON and ASCII STL in practice). */
export const utf8 = (bytes: Uint8Array): string => new TextDecoder('utf-8').decode(bytes);

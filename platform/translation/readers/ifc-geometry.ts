import type { IfcAPI } from 'web-ifc';
import type { TriangleMesh } from '../model';
import { transformNormals, transformPoints } from './mesh-utils';

export interface IfcGeometry {
  /** Meshes per element express id, one per colour. */
  meshes: Map<number, TriangleMesh[]>;
  /** Geometries web-ifc gave without a triangle (skipped). */
  empty: number;
}

/**
 * Every element's triangles in world space. web-ifc gives Y-up geometry already scaled to metres
 * (its linear scaling factor), interleaved position+normal, with one transform per placed geometry.
 */
export function readIfcGeometry(api: IfcAPI, modelId: number): IfcGeometry {
  const meshes = new Map<number, TriangleMesh[]>();
  let empty = 0;
  api.StreamAllMeshes(modelId, (flat) => {
    const byColour = new Map<string, { color: TriangleMesh['color']; parts: Array<{ positions: Float32Array; normals: Float32Array; indices: Uint32Array }> }>();
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
      const positions = new Float32Array(count * 3);
      const normals = new Float32Array(count * 3);
      // A plain loop: a subarray per vertex allocated two views each and cost more than web-ifc's own streaming.
      for (let v = 0, from = 0, to = 0; v < count; v++, from += 6, to += 3) {
        positions[to] = vertices[from] as number;
        positions[to + 1] = vertices[from + 1] as number;
        positions[to + 2] = vertices[from + 2] as number;
        normals[to] = vertices[from + 3] as number;
        normals[to + 1] = vertices[from + 4] as number;
        normals[to + 2] = vertices[from + 5] as number;
      }
      transformPoints(positions, placed.flatTransformation);
      transformNormals(normals, placed.flatTransformation);
      const { x, y, z, w } = placed.color;
      const key = `${x},${y},${z},${w}`;
      let bucket = byColour.get(key);
      if (!bucket) byColour.set(key, (bucket = { color: [x, y, z, w], parts: [] }));
      bucket.parts.push({ positions, normals, indices: new Uint32Array(indices) });
    }
    if (byColour.size) meshes.set(flat.expressID, [...byColour.values()].map(({ color, parts }) => merge(color, parts)));
  });
  return { meshes, empty };
}

function merge(color: TriangleMesh['color'], parts: Array<{ positions: Float32Array; normals: Float32Array; indices: Uint32Array }>): TriangleMesh {
  if (parts.length === 1) return { ...(parts[0] as (typeof parts)[number]), color };
  const vertexCount = parts.reduce((sum, part) => sum + part.positions.length, 0);
  const indexCount = parts.reduce((sum, part) => sum + part.indices.length, 0);
  const mesh: TriangleMesh = { positions: new Float32Array(vertexCount), normals: new Float32Array(vertexCount), indices: new Uint32Array(indexCount), color };
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

import type { ReadModel, TriangleMesh } from '../model';
import { allFinite, indicesBelow } from '../writers/geometry';

/**
 * What every reader's model goes through before a writer sees it. A damaged file can parse into
 * triangles that point past their vertices or sit at NaN (an OBJ face naming vertex 9 of 3, a cut
 * STEP); a writer would pass them on and the GLB would fail validation. They are dropped here, once
 * for all readers, and counted in a warning, so what remains is still shown.
 */
export function sanitiseModel(model: ReadModel): ReadModel {
  let dropped = 0;
  let kept = 0;
  for (const object of model.objects) {
    object.meshes = object.meshes.flatMap((mesh) => {
      const clean = validTriangles(mesh);
      dropped += Math.floor(mesh.indices.length / 3) - clean.indices.length / 3;
      kept += clean.indices.length / 3;
      return clean.indices.length > 0 ? [clean] : [];
    });
  }
  if (dropped > 0) {
    model.warnings.push({
      type: 'warning',
      code: 'TranslationWorker-InvalidGeometry',
      message: `${dropped.toLocaleString('en-US')} triangle${dropped === 1 ? ' with missing or non-numeric vertices was' : 's with missing or non-numeric vertices were'} skipped; the file may be damaged.`,
    });
  }
  if (kept === 0 && !model.drawing) {
    model.warnings.push({
      type: 'warning',
      code: 'TranslationWorker-NoGeometry',
      message:
        'The model holds no geometry that could be shown: its object tree and properties are translated, its views are empty.',
    });
  }
  return model;
}

function validTriangles(mesh: TriangleMesh): TriangleMesh {
  const { positions, indices } = mesh;
  const vertices = Math.floor(positions.length / 3);
  const triangles = Math.floor(indices.length / 3);
  // The usual mesh is whole, which one tight pass over each array shows (a building has millions of
  // triangles); only a damaged one is checked triangle by triangle.
  if (indices.length === triangles * 3 && allFinite(positions, vertices * 3) && indicesBelow(indices, vertices))
    return mesh;
  const usable = new Uint8Array(vertices);
  for (let v = 0; v < vertices; v++)
    usable[v] =
      Number.isFinite(positions[3 * v]) &&
      Number.isFinite(positions[3 * v + 1]) &&
      Number.isFinite(positions[3 * v + 2])
        ? 1
        : 0;
  const fine = (vertex: number) => vertex < vertices && usable[vertex] === 1;
  const kept: number[] = [];
  for (let t = 0; t < triangles; t++) {
    const a = indices[3 * t] as number,
      b = indices[3 * t + 1] as number,
      c = indices[3 * t + 2] as number;
    if (fine(a) && fine(b) && fine(c)) kept.push(a, b, c);
  }
  return { ...mesh, indices: new Uint32Array(kept) };
}

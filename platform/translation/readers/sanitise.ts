import type { ReadModel, TriangleMesh } from '../model';

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
      dropped += mesh.indices.length / 3 - clean.indices.length / 3;
      kept += clean.indices.length / 3;
      return clean.indices.length > 0 ? [clean] : [];
    });
  }
  if (dropped > 0) {
    model.warnings.push({ type: 'warning', code: 'TranslationWorker-InvalidGeometry', message: `${dropped.toLocaleString('en-US')} triangle${dropped === 1 ? '' : 's'} with missing or non-numeric vertices were skipped; the file may be damaged.` });
  }
  if (kept === 0 && !model.drawing) {
    model.warnings.push({ type: 'warning', code: 'TranslationWorker-NoGeometry', message: 'The model holds no geometry that could be shown: its object tree and properties are translated, its views are empty.' });
  }
  return model;
}

function validTriangles(mesh: TriangleMesh): TriangleMesh {
  const { positions, indices } = mesh;
  const vertices = Math.floor(positions.length / 3);
  const finite = (vertex: number) => vertex < vertices && Number.isFinite(positions[3 * vertex]) && Number.isFinite(positions[3 * vertex + 1]) && Number.isFinite(positions[3 * vertex + 2]);
  const triangles = Math.floor(indices.length / 3);
  let good = 0;
  for (let t = 0; t < triangles; t++) if (finite(indices[3 * t] as number) && finite(indices[3 * t + 1] as number) && finite(indices[3 * t + 2] as number)) good++;
  if (good === triangles && indices.length === triangles * 3) return mesh;
  const kept = new Uint32Array(good * 3);
  let at = 0;
  for (let t = 0; t < triangles; t++) {
    const a = indices[3 * t] as number;
    const b = indices[3 * t + 1] as number;
    const c = indices[3 * t + 2] as number;
    if (finite(a) && finite(b) && finite(c)) kept.set([a, b, c], (at++) * 3);
  }
  return { ...mesh, indices: kept };
}

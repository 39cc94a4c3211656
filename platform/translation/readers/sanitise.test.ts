import { describe, expect, it } from 'vitest';
import type { ReadModel, TriangleMesh } from '../model';
import { sanitiseModel } from './sanitise';

const GREY: TriangleMesh['color'] = [0.5, 0.5, 0.5, 1];
const modelOf = (...meshes: TriangleMesh[]): ReadModel => ({
  sourceFormat: 'test',
  objects: [{ dbId: 1, name: 'o', externalId: '1', category: 'Test', properties: {}, meshes }],
  warnings: [],
});
// Four vertices, two triangles sharing the edge 1–2.
const square = () => new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0]);

describe('sanitiseModel', () => {
  it('keeps a whole mesh as it is, without a warning', () => {
    const mesh = { positions: square(), indices: new Uint32Array([0, 1, 2, 2, 1, 3]), color: GREY };
    const model = sanitiseModel(modelOf(mesh));
    expect(model.objects[0]?.meshes[0]).toBe(mesh);
    expect(model.warnings).toEqual([]);
  });

  it.each([
    ['NaN', Number.NaN],
    ['infinite', Number.POSITIVE_INFINITY],
    ['negative infinite', Number.NEGATIVE_INFINITY],
  ])('drops the triangles that use a vertex with a %s coordinate, and counts them', (_, bad) => {
    const positions = square();
    positions[10] = bad; // vertex 3's y
    const model = sanitiseModel(modelOf({ positions, indices: new Uint32Array([0, 1, 2, 2, 1, 3]), color: GREY }));
    expect([...(model.objects[0]?.meshes[0]?.indices ?? [])]).toEqual([0, 1, 2]);
    expect(model.warnings.map((warning) => warning.message)).toEqual([
      '1 triangle with missing or non-numeric vertices was skipped; the file may be damaged.',
    ]);
  });

  it('drops triangles naming a vertex past the end and a trailing partial triangle, and a mesh left with none', () => {
    const model = sanitiseModel(
      modelOf(
        { positions: square(), indices: new Uint32Array([0, 1, 2, 2, 1, 4, 0, 1]), color: GREY },
        { positions: square(), indices: new Uint32Array([7, 8, 9]), color: GREY },
      ),
    );
    expect(model.objects[0]?.meshes.map((mesh) => [...mesh.indices])).toEqual([[0, 1, 2]]);
    expect(model.warnings.map((warning) => warning.code)).toEqual(['TranslationWorker-InvalidGeometry']);
    expect(model.warnings[0]?.message).toMatch(/^2 triangles /);
  });
});

import { describe, expect, it } from 'vitest';
import { ByteMemo } from './byte-identity';
import {
  nodeQuantization,
  quantizeNormals,
  quantizeTriangles,
  quantizeUnitNormals,
  type QuantizedPrimitive,
} from './glb-quantize';
import { boxMesh } from '../../testing/translation/models';
import { flatShaded } from './geometry';

const GREY: [number, number, number, number] = [0.5, 0.5, 0.5, 1];

describe('quantizeTriangles', () => {
  it('welds and reorders a part once when copies of it quantize to the same integers, and each copy gets the same result', () => {
    const copy = (dx: number) => flatShaded(boxMesh([dx, 0, 0], [dx + 1, 2, 3], GREY));
    const done = new ByteMemo<QuantizedPrimitive | undefined>();
    const quantize = (mesh: ReturnType<typeof copy>, memo?: ByteMemo<QuantizedPrimitive | undefined>) =>
      quantizeTriangles(
        nodeQuantization([mesh.positions]),
        mesh.positions,
        quantizeNormals(mesh.normals),
        mesh.indices,
        memo,
      );
    const first = quantize(copy(0), done);
    const second = quantize(copy(40), done);
    expect(second).toBe(first);
    expect(quantize(copy(40))).toEqual(first);
    const other = quantize(flatShaded(boxMesh([0, 0, 0], [1, 1, 1], GREY)), done);
    expect(other).not.toBe(first);
    expect(other?.vertexCount).toBe(24);
  });
});

describe('quantizeUnitNormals', () => {
  it('makes normals unit length before quantizing them to bytes', () => {
    const normals = new Float32Array([0, 0, 5, 3, 4, 0]);
    expect([...quantizeUnitNormals(normals, 6)!]).toEqual([0, 0, 127, 0, 76, 102, 0, 0]);
  });

  it('gives nothing for missing, mis-sized, zero or non-finite normals, so the mesh is flat-shaded', () => {
    expect(quantizeUnitNormals(undefined, 3)).toBeUndefined();
    expect(quantizeUnitNormals(new Float32Array([0, 0, 1]), 6)).toBeUndefined();
    expect(quantizeUnitNormals(new Float32Array([0, 0, 1, 0, 0, 0]), 6)).toBeUndefined();
    expect(quantizeUnitNormals(new Float32Array([0, Number.NaN, 1]), 3)).toBeUndefined();
    expect(quantizeUnitNormals(new Float32Array([0, Number.POSITIVE_INFINITY, 1]), 3)).toBeUndefined();
  });
});

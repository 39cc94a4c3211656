import { describe, expect, it } from 'vitest';
import type { TriangleMesh } from '../model';
import { GlbPreparation } from './glb-prepare';
import { boxMesh } from '../../testing/translation/models';

const GREY: TriangleMesh['color'] = [0.5, 0.5, 0.5, 1];
const noTriangles = (): TriangleMesh => ({ positions: new Float32Array(9), indices: new Uint32Array(0), color: GREY });

describe('GlbPreparation', () => {
  it('finds an object prepared while reading by its meshes, in whatever array they come', () => {
    const preparation = new GlbPreparation();
    const meshes = [boxMesh([0, 0, 0], [1, 1, 1], GREY), boxMesh([2, 0, 0], [3, 1, 1], GREY)];
    preparation.prepare(meshes);
    const node = preparation.node([...meshes]);
    expect(preparation.node(meshes.slice())).toBe(node);
    expect(node.primitives.map(({ source }) => source)).toEqual(meshes);
    expect(node.primitives.every(({ quantized }) => quantized && quantized.vertexCount > 0)).toBe(true);
  });

  it('prepares what the writer will use: the unusable meshes left out', () => {
    const preparation = new GlbPreparation();
    const box = boxMesh([0, 0, 0], [1, 1, 1], GREY);
    preparation.prepare([noTriangles(), box]);
    const node = preparation.node([box]);
    expect(preparation.node([box])).toBe(node);
    expect(node.meshes).toEqual([box]);
  });

  it('quantizes afresh meshes that are not exactly the ones prepared', () => {
    const preparation = new GlbPreparation();
    const box = boxMesh([0, 0, 0], [1, 1, 1], GREY);
    const other = boxMesh([0, 0, 0], [2, 2, 2], GREY);
    preparation.prepare([box, other]);
    const changed = { ...other, indices: other.indices.slice(0, 6) };
    const node = preparation.node([box, changed]);
    expect(node.meshes).toEqual([box, changed]);
    expect(node.primitives[1]?.quantized?.indices?.length).toBe(6);
    expect(preparation.node([box])).not.toBe(preparation.node([box, other]));
  });
});

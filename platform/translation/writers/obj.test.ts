import { MTLLoader } from 'three/examples/jsm/loaders/MTLLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import type { BufferGeometry, Mesh } from 'three';
import { describe, expect, it } from 'vitest';
import { parseObj } from '../../testing/translation/read-back';
import { writeObj } from './obj';
import { boxMesh, smallBuilding } from '../../testing/translation/models';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('writeObj', () => {
  it("writes one named object per object with meshes, which three's OBJLoader reads back whole", () => {
    const { obj } = writeObj(smallBuilding());
    const source = text(obj);
    expect(
      source
        .split('\n')
        .filter((line) => line.startsWith('o '))
        .map((line) => line.slice(2)),
    ).toEqual(['Slab', 'Wall_A', 'Wall/B_north', 'Window', 'Roof']);
    expect(source).toContain('mtllib model.mtl');
    const lines = source.split('\n');
    expect(lines.filter((line) => line.startsWith('v '))).toHaveLength(5 * 24);
    expect(lines.filter((line) => line.startsWith('f '))).toHaveLength(5 * 12);
    // 1-based indices, all within the vertex list.
    const indices = lines
      .filter((line) => line.startsWith('f '))
      .flatMap((line) =>
        line
          .slice(2)
          .split(' ')
          .map((corner) => Number(corner.split('/')[0])),
      );
    expect(Math.min(...indices)).toBe(1);
    expect(Math.max(...indices)).toBe(5 * 24);
    expect(parseObj(source)).toEqual({ objects: 5, triangles: 60 });
  });

  it('shares one material per colour, with its colour and opacity in the MTL', () => {
    const { obj, mtl } = writeObj(smallBuilding());
    const materials = new MTLLoader().parse(text(mtl), '');
    expect(Object.keys(materials.materialsInfo)).toHaveLength(3);
    const glass = Object.values(materials.materialsInfo).find((info) => info.d !== undefined && Number(info.d) < 1);
    expect(glass?.kd).toEqual([0.5, 0.7, 0.9]);
    const group = new OBJLoader().setMaterials(materials).parse(text(obj));
    const window = group.getObjectByName('Window') as Mesh<BufferGeometry> | undefined;
    expect(window?.geometry.getAttribute('normal').count).toBe(36);
    expect(
      text(obj)
        .split('\n')
        .filter((line) => line.startsWith('usemtl ')),
    ).toHaveLength(5);
  });

  it('uses the source normals when a mesh has them, one per vertex', () => {
    const mesh = boxMesh([0, 0, 0], [1, 1, 1], [1, 1, 1, 1]);
    mesh.normals = new Float32Array(mesh.positions.length).fill(0).map((_, i) => (i % 3 === 1 ? 1 : 0));
    mesh.material = 'white paint';
    const { obj, mtl } = writeObj({
      sourceFormat: 'TEST',
      warnings: [],
      objects: [{ dbId: 1, name: ' ', externalId: '1', category: 'Part', properties: {}, meshes: [mesh] }],
    });
    const lines = text(obj).split('\n');
    expect(lines).toContain('o object_1');
    expect(lines.filter((line) => line.startsWith('vn '))).toHaveLength(24);
    expect(lines).toContain('vn 0 1 0');
    expect(text(mtl)).toContain('newmtl white_paint');
  });
});

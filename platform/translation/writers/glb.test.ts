import { NodeIO, Primitive } from '@gltf-transform/core';
import { EXTMeshoptCompression, KHRMeshQuantization } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';
import { describe, expect, it } from 'vitest';
import { glbErrors } from '../../testing/translation/read-back';
import { writeDrawingGlb, writeModelGlb } from './glb';
import type { ModelObject, TriangleMesh } from '../model';
import { boxMesh, smallBuilding, smallDrawing } from '../../testing/translation/models';

async function readGlb(glb: Uint8Array) {
  await MeshoptDecoder.ready;
  const io = new NodeIO()
    .registerExtensions([EXTMeshoptCompression, KHRMeshQuantization])
    .registerDependencies({ 'meshopt.decoder': MeshoptDecoder });
  return io.readBinary(glb);
}

// Math.round(-0.0001) is -0, which would print apart from 0.
const millimetres = (point: number[]) => point.map((value) => Math.round(value * 1000) + 0).join(',');

describe('writeModelGlb', () => {
  it('writes a meshopt GLB that gltf-validator passes, one node per object with meshes and its ids', async () => {
    const glb = await writeModelGlb(smallBuilding());
    expect(await glbErrors(glb)).toEqual([]);
    const document = await readGlb(glb);
    expect(
      document
        .getRoot()
        .listExtensionsUsed()
        .map((extension) => extension.extensionName),
    ).toContain('EXT_meshopt_compression');
    const nodes = document.getRoot().listNodes();
    expect(nodes.map((node) => node.getName())).toEqual(['Slab', 'Wall A', 'Wall/B "north"', 'Window', 'Roof']);
    expect(nodes.map((node) => node.getExtras())).toContainEqual({ dbId: 5, externalId: 'ext-5' });
    const triangles = nodes.reduce(
      (sum, node) => sum + (node.getMesh()?.listPrimitives()[0]?.getIndices()?.getCount() ?? 0) / 3,
      0,
    );
    expect(triangles).toBe(5 * 12);
    // Red, grey and glass: three materials for five objects; the glass one blends.
    const materials = document.getRoot().listMaterials();
    expect(materials).toHaveLength(3);
    expect(materials.filter((material) => material.getAlphaMode() === 'BLEND')).toHaveLength(1);
    // Computed flat normals: every normal of a box is axis-aligned.
    const normals = nodes[1]?.getMesh()?.listPrimitives()[0]?.getAttribute('NORMAL');
    expect(normals).toBeTruthy();
    const normal = normals?.getElement(0, []) ?? [];
    expect(normal.filter((value) => Math.abs(Math.abs(value) - 1) < 0.01)).toHaveLength(1);
  });

  it('normalises given normals and leaves out meshes with NaN positions or stray indices', async () => {
    const good = boxMesh([0, 0, 0], [1, 1, 1], [0.2, 0.4, 0.6, 1]);
    good.normals = new Float32Array(good.positions.length).fill(2);
    const nan = boxMesh([0, 0, 0], [1, 1, 1], [1, 1, 1, 1]);
    nan.positions[4] = NaN;
    const stray = boxMesh([0, 0, 0], [1, 1, 1], [1, 1, 1, 1]);
    stray.indices[0] = 999;
    const part = (dbId: number, meshes: TriangleMesh[]): ModelObject => ({
      dbId,
      name: `p${dbId}`,
      externalId: String(dbId),
      category: 'Part',
      properties: {},
      meshes,
    });
    const glb = await writeModelGlb({
      sourceFormat: 'TEST',
      warnings: [],
      objects: [part(1, [good, nan]), part(2, [stray])],
    });
    expect(await glbErrors(glb)).toEqual([]);
    const nodes = (await readGlb(glb)).getRoot().listNodes();
    expect(nodes.map((node) => [node.getName(), node.getMesh()?.listPrimitives().length])).toEqual([['p1', 1]]);
  });

  it('puts every corner back within a quantization step of the source, in world space', async () => {
    const model = smallBuilding();
    const nodes = (await readGlb(await writeModelGlb(model))).getRoot().listNodes();
    for (const node of nodes) {
      const source = model.objects.find((object) => object.name === node.getName())?.meshes[0];
      const matrix = node.getWorldMatrix();
      const position = node.getMesh()?.listPrimitives()[0]?.getAttribute('POSITION');
      const read = new Set<string>();
      for (let i = 0; i < (position?.getCount() ?? 0); i++) {
        const [x = 0, y = 0, z = 0] = position?.getElement(i, []) ?? [];
        const world = [0, 1, 2].map(
          (axis) => matrix[axis]! * x + matrix[4 + axis]! * y + matrix[8 + axis]! * z + matrix[12 + axis]!,
        );
        read.add(millimetres(world));
      }
      const corners = new Set<string>();
      for (let i = 0; i < (source?.positions.length ?? 0); i += 3)
        corners.add(millimetres([...(source?.positions.subarray(i, i + 3) ?? [])]));
      // 6 m at 14 bits is a step of 0.37 mm: every corner reads back to the millimetre, and no other point appears.
      expect(read).toEqual(corners);
    }
  });

  it('stores the vertices of identical parts placed apart once', async () => {
    const part = (dbId: number, x: number): ModelObject => ({
      dbId,
      name: `bolt ${dbId}`,
      externalId: String(dbId),
      category: 'Part',
      properties: {},
      meshes: [boxMesh([x, 0, 0], [x + 0.1, 0.1, 0.5], [0.5, 0.5, 0.5, 1], 3)],
    });
    const model = {
      sourceFormat: 'TEST',
      warnings: [],
      objects: [
        part(1, 0),
        part(2, 5),
        part(3, 10),
        { ...part(4, 20), meshes: [boxMesh([20, 0, 0], [20.2, 0.1, 0.5], [0.5, 0.5, 0.5, 1], 3)] },
      ],
    };
    const glb = await writeModelGlb(model);
    expect(await glbErrors(glb)).toEqual([]);
    const root = (await readGlb(glb)).getRoot();
    const positions = root.listNodes().map((node) => node.getMesh()?.listPrimitives()[0]?.getAttribute('POSITION'));
    expect(new Set(positions).size).toBe(2);
    const centres = root.listNodes().map((node) => node.getTranslation()[0]);
    [0.05, 5.05, 10.05, 20.1].forEach((x, index) => expect(centres[index]).toBeCloseTo(x, 5));
  });

  it('writes a valid, empty GLB for a model without triangles', async () => {
    const glb = await writeModelGlb({ sourceFormat: 'TEST', objects: [], warnings: [] });
    expect(await glbErrors(glb)).toEqual([]);
    expect((await readGlb(glb)).getRoot().listNodes()).toHaveLength(0);
  });
});

describe('writeDrawingGlb', () => {
  it('writes LINES, one node per entity with its ids, in metres, which gltf-validator passes', async () => {
    const glb = await writeDrawingGlb(smallDrawing());
    expect(await glbErrors(glb)).toEqual([]);
    const document = await readGlb(glb);
    const nodes = document.getRoot().listNodes();
    // Each entity is its own node, so a pick or a selection in the tree reaches it; the Title is only a text.
    expect(nodes.map((node) => [node.getName(), node.getExtras()])).toEqual([
      ['Line', { dbId: 4, externalId: 'ext-4' }],
      ['Arc', { dbId: 5, externalId: 'ext-5' }],
      ['Frame', { dbId: 6, externalId: 'ext-6' }],
    ]);
    const primitives = nodes.flatMap((node) => node.getMesh()?.listPrimitives() ?? []);
    expect(primitives).toHaveLength(3);
    expect(primitives.every((primitive) => primitive.getMode() === Primitive.Mode.LINES)).toBe(true);
    // 1 line + 16 arc segments + 4 rectangle sides, 2 vertices each (no indices before compression).
    const vertices = primitives.reduce(
      (sum, primitive) =>
        sum + (primitive.getIndices()?.getCount() ?? primitive.getAttribute('POSITION')?.getCount() ?? 0),
      0,
    );
    expect(vertices).toBe(2 * (1 + 16 + 4));
    // Drawn in mm, written in metres: the 1000 mm line spans 1 m.
    // Quantized positions carry their scale and offset in the node's matrix.
    const matrix = nodes[0]?.getWorldMatrix() ?? [];
    let maxX = -Infinity;
    for (const primitive of nodes[0]?.getMesh()?.listPrimitives() ?? []) {
      const position = primitive.getAttribute('POSITION');
      for (let i = 0; i < (position?.getCount() ?? 0); i++) {
        const [x = 0, y = 0, z = 0] = position?.getElement(i, []) ?? [];
        maxX = Math.max(maxX, (matrix[0] ?? 0) * x + (matrix[4] ?? 0) * y + (matrix[8] ?? 0) * z + (matrix[12] ?? 0));
      }
    }
    expect(maxX).toBeCloseTo(1, 3);
  });
});

import { NodeIO } from '@gltf-transform/core';
import { EXTMeshoptCompression, KHRMeshQuantization } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';
import { describe, expect, it } from 'vitest';
import type { ObjectTreeNode } from '../../../contracts/model-derivative';
import type { ModelObject, ReadModel } from '../model';
import { writeModelGlb } from '../writers/glb';
import { buildPropertyDatabase } from '../writers/properties';
import { cartAssembly, stepAssembly } from '../../testing/translation/step-assembly';
import { readSource } from './index';
import { readStepStructure, type StepOccurrence } from './step-structure';
import { treeIsWellFormed, triangles } from '../../testing/translation/reader-fixtures';

const read = (text: string, fileName = 'cart.step'): Promise<ReadModel> =>
  readSource({ fileName, bytes: new TextEncoder().encode(text), siblings: new Map() });

/** "Name (Category)" of an object with its children, indented two spaces a level. */
function outline(model: ReadModel): string[] {
  const lines: string[] = [];
  const visit = (object: ModelObject, depth: number) => {
    lines.push(`${'  '.repeat(depth)}${object.name} (${object.category})`);
    for (const child of model.objects.filter((candidate) => candidate.parent === object.dbId)) visit(child, depth + 1);
  };
  for (const root of model.objects.filter((object) => object.parent === undefined)) visit(root, 0);
  return lines;
}

const named = (model: ReadModel, name: string) => model.objects.find((object) => object.name === name) as ModelObject;

/** The box a part's meshes fill, in millimetres and the file's own axes (Z up), to compare with where the file places it. */
function boxMillimetres(object: ModelObject): { min: number[]; max: number[] } {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const mesh of object.meshes) {
    for (let i = 0; i < mesh.positions.length; i += 3) {
      // The model is Y up in metres: the file's (x, y, z) is the model's (x, -z, y).
      const point = [mesh.positions[i]!, -mesh.positions[i + 2]!, mesh.positions[i + 1]!].map((value) =>
        Math.round(value * 1000),
      );
      point.forEach((value, axis) => {
        min[axis] = Math.min(min[axis]!, value);
        max[axis] = Math.max(max[axis]!, value);
      });
    }
  }
  return { min, max };
}

describe('STEP product structure', () => {
  it('every level of a nested assembly reaches the tree, each occurrence by its own name, each part with its own geometry', async () => {
    const model = await read(stepAssembly(cartAssembly()));
    expect(model.warnings).toEqual([]);
    expect(treeIsWellFormed(model)).toBe(true);
    const axle = (name: string) => [
      `  ${name} (Assembly)`,
      '    Left wheel (Part)',
      '    Right wheel (Part)',
      '    Hub (Assembly)',
      '      Bolt (Part)',
      '      Nut (Part)',
    ];
    expect(outline(model)).toEqual([
      'Cart (Assembly)',
      '  Chassis (Part)',
      '  Ballast (Part)',
      ...axle('Front axle'),
      ...axle('Rear axle'),
    ]);

    // Assemblies hold no geometry of their own; every part holds its own box, where the file places it.
    for (const object of model.objects)
      expect(triangles([object]), object.name).toBe(object.category === 'Part' ? 12 : 0);
    const bolts = model.objects.filter((object) => object.name === 'Bolt');
    expect(bolts.map(boxMillimetres)).toEqual([
      { min: [60, -40, 20], max: [80, -20, 40] },
      { min: [320, -40, 20], max: [340, -20, 40] },
    ]);
    const rear = named(model, 'Rear axle');
    const rearRightWheel = model.objects.find(
      (object) => object.parent === rear.dbId && object.name === 'Right wheel',
    ) as ModelObject;
    expect(boxMillimetres(rearRightWheel)).toEqual({ min: [300, 200, 0], max: [360, 220, 60] });
  });

  it('properties name the product and the occurrence, and paths tell the occurrences of one product apart', async () => {
    const model = await read(stepAssembly(cartAssembly()));
    const wheel = named(model, 'Right wheel');
    expect(wheel.properties).toEqual({
      'Identity Data': { Name: 'Right wheel', Type: 'Part', 'Source Format': 'STEP' },
      Product: { Name: 'Wheel', Id: 'Wheel' },
      Occurrence: { Name: 'Right wheel', Id: expect.stringMatching(/^NAUO\d+$/) },
    });
    expect(named(model, 'Rear axle').properties['Occurrence']).toEqual({
      Name: 'Rear axle',
      Id: expect.stringMatching(/^NAUO\d+$/),
    });
    expect(named(model, 'Rear axle').properties['Product']).toEqual({ Name: 'Axle', Id: 'Axle' });
    expect(named(model, 'Cart').properties['Occurrence']).toBeUndefined();
    const externalIds = model.objects.map((object) => object.externalId);
    expect(new Set(externalIds).size).toBe(externalIds.length);
    expect(model.objects.filter((object) => object.name === 'Nut').map((object) => object.externalId)).toEqual([
      '1/3/3/2',
      '1/4/3/2',
    ]);
  });

  it("an occurrence without a name of its own (or with OCCT's label path) is named by its product", async () => {
    const text = stepAssembly({
      product: 'Frame',
      children: [
        { product: 'Rail', instance: '', size: [10, 10, 10] },
        { product: 'Post', instance: '=>[0:1:1:3]', size: [5, 5, 5], at: [20, 0, 0] },
      ],
    });
    expect(outline(await read(text))).toEqual(['Frame (Assembly)', '  Rail (Part)', '  Post (Part)']);
  });

  it('the viewable carries it: a GLB node with its dbId for every part, however deep, and the whole tree in the property database', async () => {
    const model = await read(stepAssembly(cartAssembly()));
    const database = buildPropertyDatabase(model, ['view']);
    const path = (nodes: ObjectTreeNode[], name: string): string[] | null => {
      for (const node of nodes) {
        if (node.name === name) return [node.name];
        const below = path(node.objects ?? [], name);
        if (below) return [node.name, ...below];
      }
      return null;
    };
    expect(path(database.trees['view'] ?? [], 'Nut')).toEqual(['Cart', 'Front axle', 'Hub', 'Nut']);
    const nut = model.objects.find((object) => object.name === 'Nut') as ModelObject;
    expect(database.objects.find((object) => object.objectid === nut.dbId)?.properties).toMatchObject({
      Product: { Name: 'Nut' },
    });

    await MeshoptDecoder.ready;
    const io = new NodeIO()
      .registerExtensions([EXTMeshoptCompression, KHRMeshQuantization])
      .registerDependencies({ 'meshopt.decoder': MeshoptDecoder });
    const glb = await io.readBinary(await writeModelGlb(model));
    const dbIds = glb
      .getRoot()
      .listNodes()
      .map((node) => (node.getExtras() as { dbId?: number }).dbId);
    expect(dbIds.sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      model.objects.filter((object) => object.category === 'Part').map((object) => object.dbId),
    );
  });

  it('a product that contains itself (a hostile file) ends where it repeats', () => {
    const text = stepAssembly({
      product: 'Top',
      children: [
        { product: 'Loop', children: [{ product: 'Inner', children: [{ product: 'Block', size: [1, 1, 1] }] }] },
      ],
    });
    const definitionOf = (product: string) => {
      const productLine = text.match(new RegExp(`#(\\d+)=PRODUCT\\('${product}'`))?.[1];
      const formation = text.match(new RegExp(`#(\\d+)=PRODUCT_DEFINITION_FORMATION\\('','',#${productLine}\\)`))?.[1];
      return text.match(new RegExp(`#(\\d+)=PRODUCT_DEFINITION\\('design','',#${formation},`))?.[1];
    };
    // Inner places Loop inside itself too: Loop → Inner → Loop → … would go on forever.
    const cyclic = text.replace(
      'ENDSEC;\nEND-ISO',
      `#9999=NEXT_ASSEMBLY_USAGE_OCCURRENCE('back','Back','',#${definitionOf('Inner')},#${definitionOf('Loop')},$);\nENDSEC;\nEND-ISO`,
    );
    const names = (occurrence: StepOccurrence): unknown => [occurrence.product.name, ...occurrence.children.map(names)];
    expect(readStepStructure(new TextEncoder().encode(cyclic)).map(names)).toEqual([
      ['Top', ['Loop', ['Inner', ['Block']]]],
    ]);
  });
});

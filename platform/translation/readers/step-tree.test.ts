import { describe, expect, it } from 'vitest';
import type { ReadModel, TriangleMesh } from '../model';
import type { StepOccurrence } from './step-structure';
import { buildStepObjects, type OcctNode } from './step-tree';

/** OCCT's side without OCCT: mesh i is a one-triangle mesh whose x is i, named as `names[i]`. */
function build(root: OcctNode, structure: StepOccurrence[], names: string[]) {
  const model: ReadModel = { sourceFormat: 'STEP', objects: [], warnings: [] };
  const mesh = (index: number): TriangleMesh[] => [
    {
      positions: new Float32Array([index, 0, 0, index, 1, 0, index, 0, 1]),
      indices: new Uint32Array([0, 1, 2]),
      color: [1, 1, 1, 1],
    },
  ];
  buildStepObjects(root, structure, { kind: 'STEP', meshes: mesh, meshName: (index) => names[index] ?? '' }, model);
  return {
    model,
    meshesOf: (name: string) => model.objects.find((object) => object.name === name)?.meshes.map((m) => m.positions[0]),
  };
}

const part = (name: string, solids = 1): StepOccurrence => ({
  product: { id: name, name, description: '', shape: { solids, shells: 0, faces: false } },
  usage: { id: `u-${name}`, name },
  children: [],
});
const assembly = (name: string, children: StepOccurrence[]): StepOccurrence => ({
  product: { id: name, name, description: '', shape: { solids: 0, shells: 0, faces: false } },
  usage: { id: `u-${name}`, name },
  children,
});
const node = (name: string, meshes: number[], children: OcctNode[] = []): OcctNode => ({ name, meshes, children });

describe("STEP objects from OCCT's tree and the product structure", () => {
  const structure = [assembly('Top', [part('Plate'), assembly('Sub', [part('Pin', 2), part('Cap')])])];
  const shell = (children: OcctNode[]) => node('', [], [node('Top', [], children)]);

  it("hands a flattened sub-assembly's meshes to its parts in OCCT's order, solids first", () => {
    const { model, meshesOf } = build(shell([node('Plate', [0]), node('Sub', [1, 2, 3])]), structure, [
      'Plate',
      'Pin',
      'Pin',
      'Cap',
    ]);
    expect(model.warnings).toEqual([]);
    expect(model.objects.map((object) => [object.name, object.parent ?? null])).toEqual([
      ['Top', null],
      ['Plate', 1],
      ['Sub', 1],
      ['Pin', 3],
      ['Cap', 3],
    ]);
    expect([meshesOf('Sub'), meshesOf('Pin'), meshesOf('Cap')]).toEqual([[], [1, 2], [3]]);
  });

  it("pairs OCCT's nodes with occurrences by name when their orders differ", () => {
    const { meshesOf } = build(shell([node('Sub', [1, 2, 3]), node('Plate', [0])]), structure, [
      'Plate',
      'Pin',
      'Pin',
      'Cap',
    ]);
    expect([meshesOf('Plate'), meshesOf('Pin')]).toEqual([[0], [1, 2]]);
  });

  it('keeps the meshes on the assembly and warns when the counts or names disagree, with the parts still in the tree', () => {
    for (const [meshes, names] of [
      [
        [1, 2],
        ['Pin', 'Pin'],
      ],
      [
        [1, 2, 3],
        ['Cap', 'Pin', 'Pin'],
      ],
    ] as const) {
      const { model, meshesOf } = build(shell([node('Plate', [0]), node('Sub', [...meshes])]), structure, [
        'Plate',
        ...names,
      ]);
      expect(model.objects.map((object) => object.name)).toEqual(['Top', 'Plate', 'Sub', 'Pin', 'Cap']);
      expect([meshesOf('Sub'), meshesOf('Pin')]).toEqual([[...meshes], []]);
      expect(model.warnings).toEqual([
        expect.objectContaining({ code: 'STEP-AssemblyGeometry', message: expect.stringContaining('Sub') }),
      ]);
    }
  });

  it('keeps a shape OCCT found that the structure lacks, and leaves out an empty root OCCT did not see', () => {
    const document: StepOccurrence = {
      product: { id: 'doc', name: 'Drawing', description: '', shape: { solids: 0, shells: 0, faces: false } },
      children: [],
    };
    const { model } = build(
      node('', [], [node('Top', [], [node('Plate', [0]), node('Sub', [1, 2, 3])]), node('Stray', [4])]),
      [...structure, document],
      ['Plate', 'Pin', 'Pin', 'Cap', 'Stray'],
    );
    expect(
      model.objects.filter((object) => object.parent === undefined).map((object) => [object.name, object.externalId]),
    ).toEqual([
      ['Top', '1'],
      ['Stray', '2'],
    ]);
  });

  it("without a product structure (IGES), OCCT's tree as it is", () => {
    const { model } = build(node('', [], [node('', [0]), node('Bracket', [1])]), [], ['Face set', '']);
    expect(model.objects.map((object) => [object.name, object.category])).toEqual([
      ['Face set', 'Part'],
      ['Bracket', 'Part'],
    ]);
  });
});

import path from 'node:path';
import { Document, NodeIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import type { ModelObject, ReadModel } from '../model';
import { readSource } from './index';
import {
  fixture,
  haveFixtures,
  treeIsWellFormed,
  triangles,
  warnIfNoFixtures,
} from '../../testing/translation/reader-fixtures';

warnIfNoFixtures('readers.test');

/** Reads a fixture as the engine would; `beside` are files a zip would carry next to it (an OBJ's MTL). */
const read = (relative: string, beside: string[] = []): Promise<ReadModel> =>
  readSource({
    fileName: path.basename(relative),
    bytes: fixture(relative),
    siblings: new Map(beside.map((file) => [path.basename(file), fixture(file)])),
  });

const named = (model: ReadModel, name: string): ModelObject => {
  const found = model.objects.find((object) => object.name === name);
  if (!found)
    throw new Error(
      `no object named ${name} among ${model.objects
        .slice(0, 20)
        .map((object) => object.name)
        .join(', ')}`,
    );
  return found;
};

const ancestors = (model: ReadModel, object: ModelObject): string[] => {
  const names: string[] = [];
  for (let at = object.parent; at !== undefined; at = model.objects[at - 1]?.parent)
    names.push(`${model.objects[at - 1]?.category} ${model.objects[at - 1]?.name}`);
  return names;
};

/** The fixture's parts: product definition, shape representation and that representation's placement (entity numbers in the file). */
const PARTS = [
  { name: 'blue_cylinder', definition: 56, shape: 25, placement: 58 },
  { name: 'red_cube', definition: 60, shape: 28, placement: 62 },
];

/** STEP entities that make an assembly product of existing parts, each placed where it is (AP214 NAUO + CDSR). */
function assemblyOf(name: string, parts: typeof PARTS): string {
  const own = `#9001=PRODUCT('${name}','${name}','',(#104));
#9002=PRODUCT_DEFINITION_FORMATION('','',#9001);
#9003=PRODUCT_DEFINITION('design','',#9002,#2);
#9004=PRODUCT_DEFINITION_SHAPE('','',#9003);
#9005=CARTESIAN_POINT('',(0.,0.,0.));
#9006=DIRECTION('',(0.,0.,1.));
#9007=DIRECTION('',(1.,0.,0.));
#9008=AXIS2_PLACEMENT_3D('',#9005,#9006,#9007);
#9009=SHAPE_REPRESENTATION('${name}',(#9008),#8);
#9010=SHAPE_DEFINITION_REPRESENTATION(#9004,#9009);
`;
  return (
    own +
    parts
      .map((part, index) => {
        const n = 9020 + index * 10;
        return `#${n}=NEXT_ASSEMBLY_USAGE_OCCURRENCE('${n}','${part.name}','',#9003,#${part.definition},$);
#${n + 1}=PRODUCT_DEFINITION_SHAPE('','',#${n});
#${n + 2}=ITEM_DEFINED_TRANSFORMATION('','',#${part.placement},#9008);
#${n + 3}=(REPRESENTATION_RELATIONSHIP('','',#${part.shape},#9009)REPRESENTATION_RELATIONSHIP_WITH_TRANSFORMATION(#${n + 2})SHAPE_REPRESENTATION_RELATIONSHIP());
#${n + 4}=CONTEXT_DEPENDENT_SHAPE_REPRESENTATION(#${n + 3},#${n + 1});
`;
      })
      .join('')
  );
}

describe.skipIf(!haveFixtures)("readers keep the model's own names, tree and properties", () => {
  it("IFC (FZK-Haus): a wall's name, type, material, Pset_WallCommon and base quantities, under its storey", async () => {
    const model = await read('ifc/AC20-FZK-Haus.ifc');
    expect(treeIsWellFormed(model)).toBe(true);
    const wall = named(model, 'Wand-Int-ERDG-4');
    expect(wall.category).toBe('IfcWallStandardCase');
    expect(wall.externalId).toBe('2XPyKWY018sA1ygZKgQPtU');
    expect(wall.properties['Identity Data']).toMatchObject({
      Name: 'Wand-Int-ERDG-4',
      GlobalId: '2XPyKWY018sA1ygZKgQPtU',
      'IFC Type': 'IfcWallStandardCase',
    });
    expect(wall.properties['Type']).toMatchObject({ Name: 'Leichtbeton 102890359 240', 'IFC Type': 'IfcWallType' });
    expect(wall.properties['Materials']).toMatchObject({
      Material: 'Leichtbeton 102890359',
      'Layer 1': 'Leichtbeton 102890359',
      'Layer 1 Thickness': 0.24,
    });
    expect(wall.properties['Pset_WallCommon']).toMatchObject({ ThermalTransmittance: 1.5 });
    expect(wall.properties['BaseQuantities']).toMatchObject({
      Length: 4.17,
      Height: 2.5,
      Width: 0.24,
      GrossVolume: 2.49624,
    });
    expect(wall.propertyUnits?.['BaseQuantities']).toMatchObject({
      Height: 'm',
      GrossSideArea: 'm²',
      GrossVolume: 'm³',
    });
    expect(triangles([wall])).toBeGreaterThan(0);
    expect(ancestors(model, wall)).toEqual([
      'IfcBuildingStorey Erdgeschoss',
      'IfcBuilding FZK-Haus',
      'IfcSite Gelaende',
      'IfcProject Projekt-FZK-Haus',
    ]);
    expect(model.levels?.map(({ name, elevationMetres }) => [name, elevationMetres])).toEqual([
      ['Erdgeschoss', 0],
      ['Dachgeschoss', 2.7],
    ]);
    expect(model.objects.filter((object) => object.category === 'IfcWallStandardCase')).toHaveLength(13);
  });

  it('STEP: each product by its own name, with its face colours', async () => {
    const model = await read('step/red_cube_blue_cylinder.step');
    expect(model.objects.map((object) => [object.name, object.category])).toEqual([
      ['blue_cylinder', 'Part'],
      ['red_cube', 'Part'],
    ]);
    expect(
      model.objects.every(
        (object) => object.parent === undefined && object.properties['Identity Data']?.['Source Format'] === 'STEP',
      ),
    ).toBe(true);
    const [r, g, b] = named(model, 'red_cube').meshes[0]?.color ?? [];
    expect(r).toBeGreaterThan(0.5);
    expect(Math.max(g ?? 1, b ?? 1)).toBeLessThan(0.5);
    const [r2, , b2] = named(model, 'blue_cylinder').meshes[0]?.color ?? [];
    expect(b2).toBeGreaterThan(r2 ?? 1);
  });

  it('STEP assembly: the product tree, the assembly named as its product, parts beneath it', async () => {
    // Neither STEP fixture is an assembly, so one is made of red_cube_blue_cylinder.step's two parts.
    const parts = new TextDecoder().decode(fixture('step/red_cube_blue_cylinder.step'));
    const end = parts.lastIndexOf('ENDSEC;');
    const bytes = new TextEncoder().encode(
      parts.slice(0, end) + assemblyOf('cube_and_cylinder', PARTS) + parts.slice(end),
    );
    const model = await readSource({ fileName: 'assembly.step', bytes, siblings: new Map() });
    expect(model.objects.map((object) => [object.name, object.category, object.parent, object.externalId])).toEqual([
      ['cube_and_cylinder', 'Assembly', undefined, '1'],
      ['blue_cylinder', 'Part', 1, '1/1'],
      ['red_cube', 'Part', 1, '1/2'],
    ]);
    expect(triangles(model.objects.slice(1, 2))).toBeGreaterThan(0);
  });

  it("glTF: node names (or their mesh's name), the node tree and its order", async () => {
    const box = await read('gltf/Box.glb');
    expect(box.objects.map((object) => [object.name, object.parent, object.category])).toEqual([
      ['Node 0', undefined, 'Node'],
      ['Mesh', 1, 'Mesh'],
    ]);
    const arrows = await read('gltf/OrientationTest.glb');
    expect(arrows.objects.map((object) => object.name).sort()).toEqual([
      'ArrowX1',
      'ArrowX2',
      'ArrowY1',
      'ArrowY2',
      'ArrowZ1',
      'ArrowZ2',
      'BaseCube',
      'TargetX1',
      'TargetX2',
      'TargetY1',
      'TargetY2',
      'TargetZ1',
      'TargetZ2',
    ]);
    expect(named(arrows, 'ArrowX1').properties['Identity Data']).toMatchObject({
      Mesh: 'ArrowMeshX1',
      'Node Index': 0,
    });
    const cup = await read('gltf/tea_cup.glb');
    expect(cup.objects).toHaveLength(1);
    expect(cup.objects[0]?.properties['Identity Data']).toMatchObject({ Name: '=>[0:1:1:2]', Mesh: 'COMPOUND' });
    expect(cup.objects[0]?.meshes.length).toBeGreaterThan(1);
  });

  it('3DM: the layer tree, with each object under its layer', async () => {
    const model = await read('3dm/RhinoLogo.3dm');
    expect(model.objects.filter((object) => object.category === 'Layer').map((object) => object.name)).toEqual([
      'FinalLofts',
      'Hidden',
      'Head',
      'Set',
    ]);
    const head = named(model, 'Head');
    const breps = model.objects.filter((object) => object.category === 'Brep');
    expect(breps.length).toBeGreaterThan(0);
    expect(
      breps.every((object) => object.parent === head.dbId && object.properties['Identity Data']?.['Layer'] === 'Head'),
    ).toBe(true);
    expect(triangles(breps)).toBeGreaterThan(0);
  });

  it('DXF: one object per layer, its entities beneath it', async () => {
    const model = await read('dxf/gear.dxf');
    const layer = named(model, '0');
    expect(layer.properties['Identity Data']).toMatchObject({ Type: 'Layer', Entities: 364 });
    const entities = model.objects.filter((object) => object.parent === layer.dbId);
    expect(entities).toHaveLength(364);
    expect(new Set(entities.map((object) => object.category))).toEqual(new Set(['LINE', 'ARC']));
    expect(model.drawing?.entities).toHaveLength(364);
  });

  it("OBJ with its MTL: one object per group, each with its material's name and colour", async () => {
    const model = await read('obj/solids.obj', ['obj/solids.mtl']);
    expect(model.warnings).toEqual([]);
    expect(model.objects.map((object) => [object.name, object.properties['Identity Data']?.['Material']])).toEqual([
      ['Tetrahedron', 'Red'],
      ['Hexahedron', 'Green'],
      ['Octahedron', 'Blue'],
      ['Dodecahedron', 'Orange'],
      ['Icosahedron', 'Purple'],
    ]);
    expect(named(model, 'Tetrahedron').meshes[0]?.color).toEqual([0.8, 0.2, 0.2, 1]);
  });
});

describe('glTF extras become properties', () => {
  it('node and mesh extras, nested ones as dotted names, lists as JSON', async () => {
    const document = new Document();
    const buffer = document.createBuffer();
    const position = document
      .createAccessor()
      .setType('VEC3')
      .setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]))
      .setBuffer(buffer);
    const mesh = document
      .createMesh('PumpBody')
      .setExtras({ finish: 'painted' })
      .addPrimitive(document.createPrimitive().setAttribute('POSITION', position));
    const flange = document.createNode('Flange').setExtras({ rating: 'PN16' });
    const pump = document
      .createNode('Pump')
      .setMesh(mesh)
      .addChild(flange)
      .setExtras({ tag: 'P-101', spec: { pressure: 10, fluid: 'water' }, ports: [1, 2], spare: true });
    document.createScene('plant').addChild(pump);
    const bytes = await new NodeIO().writeBinary(document);

    const model = await readSource({ fileName: 'plant.glb', bytes, siblings: new Map() });
    expect(model.objects.map((object) => [object.name, object.parent])).toEqual([
      ['Pump', undefined],
      ['Flange', 1],
    ]);
    expect(named(model, 'Pump').properties['Extras']).toEqual({
      finish: 'painted',
      tag: 'P-101',
      'spec.pressure': 10,
      'spec.fluid': 'water',
      ports: '[1,2]',
      spare: true,
    });
    expect(named(model, 'Flange').properties['Extras']).toEqual({ rating: 'PN16' });
    expect(triangles(model.objects)).toBe(1);
  });
});

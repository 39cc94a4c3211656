import * as WebIFC from 'web-ifc';
import { describe, expect, it } from 'vitest';
import { demoBuildingIfc } from './ifc-building';
import { demoRingStl, demoTableObj } from './meshes';

describe('the demo design files, read back', () => {
  it('the IFC building opens in web-ifc with its walls, doors, storeys and Pset_WallCommon', async () => {
    const api = new WebIFC.IfcAPI();
    await api.Init(undefined, true);
    const model = api.OpenModel(new TextEncoder().encode(demoBuildingIfc({ storeys: 3 })));
    let meshes = 0;
    api.StreamAllMeshes(model, () => meshes++);
    expect(api.GetLineIDsWithType(model, WebIFC.IFCWALL).size()).toBe(12);
    expect(api.GetLineIDsWithType(model, WebIFC.IFCDOOR).size()).toBe(3);
    expect(api.GetLineIDsWithType(model, WebIFC.IFCBUILDINGSTOREY).size()).toBe(3);
    expect(meshes).toBe(15);
    const wall = api.GetLineIDsWithType(model, WebIFC.IFCWALL).get(0);
    const sets = (await api.properties.getPropertySets(model, wall, true)) as {
      Name?: { value: string };
      HasProperties?: { Name: { value: string }; NominalValue: { value: unknown } }[];
    }[];
    const common = sets.find((set) => set.Name?.value === 'Pset_WallCommon');
    const values = Object.fromEntries(common?.HasProperties?.map((p) => [p.Name.value, p.NominalValue.value]) ?? []);
    expect(values).toMatchObject({ IsExternal: true, LoadBearing: true, FireRating: 'REI 90' });
    api.CloseModel(model);
  });

  it('the OBJ table has five named parts of closed boxes', () => {
    const obj = demoTableObj();
    const objects = obj
      .split('\n')
      .filter((line) => line.startsWith('o '))
      .map((line) => line.slice(2));
    expect(objects).toEqual(['Tabletop', 'Leg 1', 'Leg 2', 'Leg 3', 'Leg 4']);
    const vertices = obj.split('\n').filter((line) => line.startsWith('v ')).length;
    const faces = obj
      .split('\n')
      .filter((line) => line.startsWith('f '))
      .map((line) => line.split(' ').slice(1).map(Number));
    expect(faces).toHaveLength(60);
    expect(faces.flat().every((index) => index >= 1 && index <= vertices)).toBe(true);
  });

  it('the binary STL ring declares as many triangles as it holds, with unit normals', () => {
    const stl = demoRingStl();
    const count = stl.readUInt32LE(80);
    expect(count).toBe(48 * 24 * 2);
    expect(stl.length).toBe(84 + count * 50);
    const normal = [stl.readFloatLE(84), stl.readFloatLE(88), stl.readFloatLE(92)];
    expect(Math.hypot(...normal)).toBeCloseTo(1, 5);
  });
});

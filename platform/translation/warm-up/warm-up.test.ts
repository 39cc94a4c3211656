import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IFCCOLUMN, IFCDOOR, IFCRAILING, IFCREINFORCINGBAR, IFCWALL, IFCWINDOW } from 'web-ifc';
import { afterAll, describe, expect, it } from 'vitest';
import { runTranslation } from '../engine';
import { withIfcModel } from '../readers/ifc-api';
import { readIfcGeometry } from '../readers/ifc-geometry';
import { warmUp } from './warm-up';
import { warmUpIfc } from './ifc4';
import { warmUpIfc2x3 } from './ifc2x3';

describe('a worker warm-up', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  /** The model translated to svf2 without warnings, and the objects of its property database. */
  const translatedObjects = async (fileName: string, text: string) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-warm-up-test-'));
    dirs.push(dir);
    const sourcePath = path.join(dir, fileName);
    await writeFile(sourcePath, text);
    const result = await runTranslation(
      { sourcePath, fileName, outputs: [{ type: 'svf2' }], outDir: path.join(dir, 'out') },
      () => undefined,
    );
    expect(result.derivatives.map((derivative) => derivative.status)).toEqual(['success']);
    expect(result.warnings).toEqual([]);
    const { objects } = JSON.parse(await readFile(path.join(dir, 'out', result.propertiesPath!), 'utf8')) as {
      objects: { name: string; properties: Record<string, Record<string, unknown>> }[];
    };
    return objects;
  };

  it('translates its model to svf2 with the kinds of geometry and properties real exports carry', async () => {
    const objects = await translatedObjects('warm-up.ifc', warmUpIfc(2));
    const wall = objects.find((object) => object.name === 'Wand 0.0')!;
    expect(wall.properties['Pset_WallCommon']).toMatchObject({
      FireRating: 'REI 90 über',
      Combustible: null,
      Status: 'NEW',
    });
    expect(Object.keys(wall.properties)).toEqual(expect.arrayContaining(['BaseQuantities', 'Type', 'Materials']));
    expect(objects.find((object) => object.name === 'Fenster 1.3')?.properties['Pset_WindowCommon']).toMatchObject({
      OperatingTemperature: '253 – 313',
      Panels: 'Left, Right',
      'Frame.Depth': '80 mm',
    });
    expect(objects.some((object) => object.name === 'Ebene 1 ä')).toBe(true);
  });

  it('gives every element its own property sets and quantities, as exporters do, so the property reader meets thousands', async () => {
    const text = warmUpIfc(12);
    expect(text.match(/IFCPROPERTYSINGLEVALUE\(/g)!.length).toBeGreaterThan(700);
    expect(text.match(/IFCQUANTITY(LENGTH|AREA|VOLUME|WEIGHT|COUNT)\(/g)!.length).toBeGreaterThan(400);
    const objects = await translatedObjects('warm-up.ifc', warmUpIfc(2));
    const wall = (name: string) => objects.find((object) => object.name === name)!.properties;
    expect(wall('Wand 0.1')['Pset_WallCommon']).toMatchObject({ Reference: 'AW 31', LoadBearing: true });
    expect(wall('Wand 1.2')['Pset_WallCommon']).toMatchObject({ Reference: 'AW 32', LoadBearing: false });
    const rafter = objects.find((object) => object.name === 'Sparren 1')!.properties;
    expect(Object.keys(rafter)).toEqual(expect.arrayContaining(['ArchiCADProperties', 'BaseQuantities']));
    // and one set shared by all walls and rafters, as Revit relates a shared set.
    expect([wall('Wand 0.1'), rafter].map((properties) => properties['Pset_Phase'])).toEqual([
      { Phase: 'Neubau', Demolished: false },
      { Phase: 'Neubau', Demolished: false },
    ]);
  });

  /** Each element's meshes by type, as the geometry reader streams them. */
  const geometryOf = (text: string, types: Record<string, number>) =>
    withIfcModel(new TextEncoder().encode(text), (api, modelId) => {
      const { meshes } = readIfcGeometry(api, modelId);
      return Object.fromEntries(
        Object.entries(types).map(([name, type]) => {
          const ids = api.GetLineIDsWithType(modelId, type);
          return [name, Array.from({ length: ids.size() }, (_, index) => meshes.get(ids.get(index)) ?? [])];
        }),
      );
    });
  const triangles = (mesh: { indices: Uint32Array } | undefined) => (mesh?.indices.length ?? 0) / 3;

  it('has the geometry web-ifc meets in real exports: faces with holes, walls cut under a roof, faces of many corners, rebar, B-spline surfaces', async () => {
    const elements = await geometryOf(warmUpIfc(1), {
      walls: IFCWALL,
      windows: IFCWINDOW,
      railings: IFCRAILING,
      bars: IFCREINFORCINGBAR,
      columns: IFCCOLUMN,
    });
    const heights = (mesh: { positions: Float32Array }) =>
      new Set(
        Array.from(
          { length: mesh.positions.length / 3 },
          (_, index) => Math.round(mesh.positions[index * 3 + 1]! * 100) / 100,
        ),
      );
    // A frame of two lights: its front and back are one face each with two holes, and it has 12 sides.
    const [frame, pane] = elements['windows']![0]!;
    expect([triangles(frame), triangles(pane)]).toEqual([2 * 14 + 12 * 2, 12]);
    // The gable wall's ends stop at the eaves (2.4 m), and rise to the storey's 3 m; the other walls are 3 m all along.
    expect([...heights(elements['walls']![3]![0]!)]).toEqual(expect.arrayContaining([2.4, 3]));
    expect(heights(elements['walls']![0]![0]!).has(2.4)).toBe(false);
    // The handrail's two ends are faces of 108 corners (106 triangles each), with a quad a segment between them.
    expect(triangles(elements['railings']![0]![0])).toBe(2 * 106 + 2 * 108);
    expect(triangles(elements['bars']![0]![0])).toBeGreaterThan(500);
    // The column's shaft, a B-spline surface, tessellated from the floor to the storey's 3 m.
    const column = elements['columns']![0]![0]!;
    expect(triangles(column)).toBeGreaterThan(100);
    expect([...heights(column)].sort((a, b) => a - b)).toEqual(expect.arrayContaining([0, 3]));
  });

  it("has Revit's families in its IFC2X3 model: a door with its swing in plan, a frame extruded from a profile with a void, round balusters", async () => {
    const elements = await geometryOf(warmUpIfc2x3(1), { doors: IFCDOOR, windows: IFCWINDOW, railings: IFCRAILING });
    expect(triangles(elements['doors']![0]![0])).toBe(12);
    // The frame's two faces each a ring of 8 triangles, its outer and inner sides 16, and the glass 12.
    expect(triangles(elements['windows']![0]![0])).toBe(2 * 8 + 16 + 12);
    expect(triangles(elements['railings']![0]![0])).toBeGreaterThan(6 * 24);
  });

  it('translates its IFC2X3 model too, with the property sets and quantities of its walls', async () => {
    const objects = await translatedObjects('warm-up-2x3.ifc', warmUpIfc2x3(2));
    const walls = objects.filter((object) => object.name.startsWith('Wand-Ext-ERDG-'));
    expect(walls).toHaveLength(8);
    expect(walls[0]!.properties['Pset_WallCommon']).toMatchObject({
      IsExternal: true,
      Reference: 'Außenwand',
      Note: "Hole Has Wall's Side Material",
    });
    expect(Object.keys(walls[0]!.properties)).toEqual(expect.arrayContaining(['BaseQuantities', 'Materials']));
  });

  it('runs to its end in this process, asking before each run after the first whether a job waits', async () => {
    let asked = 0;
    await expect(warmUp(1, () => (asked++, false))).resolves.toBeUndefined();
    // One IFC4 run, one IFC2X3 run, then the other formats' libraries.
    expect(asked).toBe(2);
  });

  it('ends after the run under way once a job waits', async () => {
    let asked = 0;
    await warmUp(6, () => ++asked >= 2);
    expect(asked).toBe(2);
  });
});

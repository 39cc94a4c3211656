import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobOutputFormat } from '../../../contracts/model-derivative';
import { demoBuildingIfc } from '../../demo/ifc-building';
import { runTranslation } from '../engine';
import type { PropertyDatabase } from '../properties-db';
import { binaryStlTriangles, parseObj } from '../../testing/translation/read-back';
import { objName } from './obj';

// The demo building through the engine: the objectids an svf2 job's property database gives (what the
// metadata endpoints serve) select the same objects in a later obj job of the same file.
let workDir: string;
let source: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'ddm-mesh-options-'));
  source = path.join(workDir, 'demo-house.ifc');
  await writeFile(source, demoBuildingIfc());
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

let jobs = 0;
async function translate(outputs: JobOutputFormat[]) {
  const outDir = path.join(workDir, `out-${++jobs}`);
  const result = await runTranslation(
    { sourcePath: source, fileName: 'demo-house.ifc', outputs, outDir },
    () => undefined,
  );
  const read = (file: string) => readFile(path.join(outDir, file));
  return { result, read };
}

describe('stl and obj options through the engine, on an IFC', () => {
  it(
    'selects by the objectids of the svf2 property database, and writes them in millimetres',
    { timeout: 120_000 },
    async () => {
      const viewable = await translate([{ type: 'svf2', views: ['3d'] }]);
      const database = JSON.parse(
        (await viewable.read(viewable.result.propertiesPath!)).toString('utf8'),
      ) as PropertyDatabase;
      const walls = database.objects.filter((object) => /^(South|East) Wall Ground Floor$/.test(object.name ?? ''));
      expect(walls).toHaveLength(2);
      const modelGuid = Object.keys(database.trees)[0]!;

      const { result, read } = await translate([
        { type: 'obj', advanced: { unit: 'millimeter', modelGuid, objectIds: walls.map((wall) => wall.objectid) } },
      ]);
      const [derivative] = result.derivatives;
      expect(derivative).toMatchObject({
        status: 'success',
        files: [{ path: 'obj/model.obj' }, { path: 'obj/model.mtl' }],
      });
      const obj = (await read('obj/model.obj')).toString('utf8');
      const names = obj
        .split('\n')
        .filter((line) => line.startsWith('o '))
        .map((line) => line.slice(2));
      expect(names).toEqual(walls.map((wall) => objName(wall.name ?? '', '')));
      expect(parseObj(obj)).toEqual({ objects: 2, triangles: expect.any(Number) as unknown });
      // The south wall runs 12 m along x, the east one 8 m along y from its end, both 3 m high and 0.3 m
      // thick about their axis lines: together 12.15 by 8.15 by 3 m, in millimetres here.
      const points = obj
        .split('\n')
        .filter((line) => line.startsWith('v '))
        .map((line) => line.slice(2).split(' ').map(Number));
      const extent = [0, 1, 2].map(
        (axis) => Math.max(...points.map((point) => point[axis]!)) - Math.min(...points.map((point) => point[axis]!)),
      );
      expect(extent.map(Math.round).sort((a, b) => a - b)).toEqual([3000, 8150, 12150]);
    },
  );

  it(
    "writes one STL per object with geometry, whose triangles add up to the single file's",
    { timeout: 120_000 },
    async () => {
      const { result, read } = await translate([
        { type: 'stl', advanced: { exportFileStructure: 'multiple', exportColor: true } },
      ]);
      const single = await translate([{ type: 'stl' }]);
      const whole = binaryStlTriangles(new Uint8Array(await single.read('stl/model.stl')));
      const files = result.derivatives[0]!.files;
      // Two storeys of four walls and a door.
      expect(files).toHaveLength(10);
      expect(new Set(files.map((file) => file.path)).size).toBe(10);
      expect(files.map((file) => file.path)).toContain('stl/South_Wall_Ground_Floor.stl');
      let sum = 0;
      for (const file of files) sum += binaryStlTriangles(new Uint8Array(await read(file.path)));
      expect(sum).toBe(whole);
    },
  );
});

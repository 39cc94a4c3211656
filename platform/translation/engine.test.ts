import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobOutputFormat, OutputType } from '../../contracts/model-derivative';
import { demoBuildingIfc } from '../demo/ifc-building';
import { demoRingStl, demoTableObj } from '../demo/meshes';
import { runTranslation } from './engine';
import type { TranslationResult } from './engine-types';
import { converts } from './formats';
import type { PropertyDatabase } from './properties-db';
import {
  binaryStlTriangles,
  glbErrors,
  parseObj,
  pngFacts,
  renderPdfPages,
  reopenIfc,
} from '../testing/translation/read-back';

const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');
const haveFixtures = existsSync(FIXTURES);
if (!haveFixtures)
  console.warn(`engine.test: ${FIXTURES} is absent, so only the project's own generated files are translated.`);

const ALL_OUTPUTS: OutputType[] = ['svf2', 'thumbnail', 'pdf', 'obj', 'stl', 'ifc'];

interface Case {
  name: string;
  fileName: string;
  bytes: () => Promise<Uint8Array>;
  rootFilename?: string;
}

const fixture = (relative: string): Case => ({
  name: relative,
  fileName: path.basename(relative),
  bytes: async () => new Uint8Array(await readFile(path.join(FIXTURES, relative))),
});
const zipOf = (name: string, folder: string, files: string[]): Case => ({
  name,
  fileName: `${name}.zip`,
  rootFilename: files[0],
  bytes: async () => {
    const entries: Record<string, Uint8Array> = {};
    for (const file of files) entries[file] = new Uint8Array(await readFile(path.join(FIXTURES, folder, file)));
    return zipSync(entries);
  },
});
const text = (value: string) => new TextEncoder().encode(value);

const GENERATED: Case[] = [
  { name: 'generated IFC building', fileName: 'demo-house.ifc', bytes: () => Promise.resolve(text(demoBuildingIfc())) },
  { name: 'generated OBJ table', fileName: 'table.obj', bytes: () => Promise.resolve(text(demoTableObj())) },
  { name: 'generated STL ring', fileName: 'ring.stl', bytes: () => Promise.resolve(new Uint8Array(demoRingStl())) },
];

const REAL: Case[] = [
  fixture('ifc/AC20-FZK-Haus.ifc'),
  fixture('ifc/basin-advanced-brep.ifc'),
  fixture('step/red_cube_blue_cylinder.step'),
  fixture('stl/sketchup_ascii.stl'),
  fixture('gltf/Box.glb'),
  zipOf('Box-gltf', 'gltf/Box-gltf', ['Box.gltf', 'Box0.bin']),
  zipOf('hundred_cubes', 'obj', ['hundred_cubes.obj', 'hundred_cubes.mtl']),
  fixture('dxf/gear.dxf'),
  fixture('3dm/RhinoLogo.3dm'),
];

// Fixtures not in the cross-product above: each must at least open and give a web viewable with properties.
const VIEWABLE_ONLY: Case[] = [
  fixture('ifc/Office_A_20110811.ifc'),
  fixture('ifc/reinforcing-assembly.ifc'),
  fixture('ifc/beam-curved-i-shape-tessellated.ifc'),
  fixture('gltf/BoxTextured.glb'),
  fixture('gltf/OrientationTest.glb'),
  fixture('gltf/tea_cup.glb'),
  fixture('stl/utah_teapot.stl'),
  fixture('step/M6-1x12-countersunk-screw.step'),
  fixture('dxf/api-cw750-details.dxf'),
  zipOf('solids', 'obj', ['solids.obj', 'solids.mtl']),
];

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'ddm-engine-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

type Translated = { result: TranslationResult; outDir: string };
const translations = new Map<string, Promise<Translated>>();

/** One translation per case and set of outputs, shared by every test that looks at it (CI time). */
function translate(testCase: Case, only?: OutputType[]): Promise<Translated> {
  const key = `${testCase.name}:${only?.join(',') ?? 'all'}`;
  let translation = translations.get(key);
  if (!translation) translations.set(key, (translation = translateNow(testCase, only)));
  return translation;
}

async function translateNow(testCase: Case, only?: OutputType[]): Promise<Translated> {
  const dir = await mkdtemp(path.join(workDir, 'job-'));
  const sourcePath = path.join(dir, 'source');
  await writeFile(sourcePath, await testCase.bytes());
  const fileName = testCase.rootFilename ?? testCase.fileName;
  const outputs: JobOutputFormat[] = (only ?? ALL_OUTPUTS)
    .filter((type) => converts(fileName, type))
    .map((type) => ({ type }));
  const outDir = path.join(dir, 'out');
  const request = {
    sourcePath,
    fileName: testCase.fileName,
    outputs,
    outDir,
    ...(testCase.rootFilename ? { rootFilename: testCase.rootFilename } : {}),
  };
  return { result: await runTranslation(request, () => undefined), outDir };
}

/** Opens every file the engine wrote with an independent reader. */
async function expectReadable(result: TranslationResult, outDir: string) {
  for (const derivative of result.derivatives) {
    expect(
      derivative.messages.filter((message) => message.type === 'error'),
      derivative.outputType,
    ).toEqual([]);
    expect(derivative.status, derivative.outputType).toBe('success');
    const files = [...derivative.files, ...derivative.views.flatMap((view) => view.files)];
    expect(files.length, derivative.outputType).toBeGreaterThan(0);
    for (const file of files) {
      const bytes = new Uint8Array(await readFile(path.join(outDir, file.path)));
      expect(bytes.byteLength, file.path).toBe(file.size);
      if (file.role === 'graphics') expect(await glbErrors(bytes), file.path).toEqual([]);
      if (file.role === 'thumbnail') expect(pngFacts(bytes).drawn, file.path).toBeGreaterThan(0);
      if (file.role === 'obj')
        expect(parseObj(new TextDecoder().decode(bytes)).triangles, file.path).toBeGreaterThan(0);
      if (file.role === 'stl') expect(binaryStlTriangles(bytes), file.path).toBeGreaterThan(0);
      if (file.role === 'ifc') expect((await reopenIfc(bytes)).triangles, file.path).toBeGreaterThan(0);
      if (file.role === 'pdf') {
        expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
        const pages = renderPdfPages(bytes);
        if (pages !== undefined) expect(pages, file.path).toBeGreaterThan(0);
      }
    }
  }
}

async function propertyDatabase(result: TranslationResult, outDir: string): Promise<PropertyDatabase> {
  expect(result.propertiesPath).toBeDefined();
  return JSON.parse(await readFile(path.join(outDir, result.propertiesPath as string), 'utf8')) as PropertyDatabase;
}

describe('the engine translates each input to each output it supports, and other readers open them', () => {
  it.each(GENERATED)('$name', async (testCase) => {
    const { result, outDir } = await translate(testCase);
    await expectReadable(result, outDir);
  });

  describe.skipIf(!haveFixtures)('real design files', () => {
    it.each(REAL)('$name', async (testCase) => {
      const { result, outDir } = await translate(testCase);
      await expectReadable(result, outDir);
    });
  });
});

describe.skipIf(!haveFixtures)('every other real design file opens to a valid web viewable with properties', () => {
  it.each(VIEWABLE_ONLY)('$name', async (testCase) => {
    const { result, outDir } = await translate(testCase, ['svf2']);
    await expectReadable(result, outDir);
    const database = await propertyDatabase(result, outDir);
    expect(database.objects.length).toBeGreaterThan(0);
    expect(Object.values(database.trees).flat().length).toBeGreaterThan(0);
  });

  it('the M6 screw is named as its STEP product, and the DXF details keep their layers', async () => {
    const screwJob = await translate(VIEWABLE_ONLY[7] as Case, ['svf2']);
    const screw = await propertyDatabase(screwJob.result, screwJob.outDir);
    expect(screw.objects.map((object) => object.name)).toEqual(['Open CASCADE STEP translator 7.5 1']);
    const { result, outDir } = await translate(VIEWABLE_ONLY[8] as Case, ['svf2']);
    const details = await propertyDatabase(result, outDir);
    expect(details.objects.map((object) => object.name)).toEqual(
      expect.arrayContaining(['FG-Dim', 'FG-Dtl-Glass', 'FG-Frame']),
    );
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: 'DXF-UnsupportedEntity', message: expect.stringContaining('HATCH') as unknown }),
    ]);
  });
});

describe('properties come from the model itself', () => {
  it("the generated building keeps its walls' property sets", async () => {
    const { result, outDir } = await translate(GENERATED[0] as Case);
    const database = await propertyDatabase(result, outDir);
    const walls = database.objects.filter((object) => JSON.stringify(object.properties).includes('Pset_WallCommon'));
    expect(walls.length).toBeGreaterThan(0);
  });

  it.skipIf(!haveFixtures)(
    'FZK-Haus: a wall has its Pset_WallCommon and base quantities, under its storey',
    async () => {
      const { result, outDir } = await translate(REAL[0] as Case);
      const database = await propertyDatabase(result, outDir);
      const wall = database.objects.find((object) => {
        const common = (object.properties as Record<string, unknown>).Pset_WallCommon as
          Record<string, unknown> | undefined;
        return object.name === 'Wand-Int-ERDG-4' && common?.ThermalTransmittance === 1.5;
      });
      // A quantity carries the unit the file states, as Model Derivative serves values: text with its unit.
      expect((wall?.properties as Record<string, Record<string, unknown>> | undefined)?.BaseQuantities?.Height).toBe(
        '2.5 m',
      );
      expect(wall?.externalId).toMatch(/^[0-9A-Za-z_$]{22}$/);
      const tree = JSON.stringify(Object.values(database.trees)[0]);
      expect(tree).toContain(`"objectid":${wall?.objectid}`);
    },
  );
});

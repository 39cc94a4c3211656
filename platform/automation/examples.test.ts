import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as WebIFC from 'web-ifc';
import { beforeAll, describe, expect, it } from 'vitest';
import { glbErrors, parseObj } from '../testing/translation/read-back';
import type { PlanArgument, RunPlan } from './engine-types';
import { exampleBundles, type ExampleBundle } from './examples';
import { engineSuite } from '../testing/automation/engine-suite';

// Beside the repository, as for the translation tests; FIXTURES_DIR points elsewhere (a git worktree's checkout).
const FIXTURES = process.env['FIXTURES_DIR'] ?? path.resolve(import.meta.dirname, '../../../shared/fixtures');
const haveFixtures = existsSync(FIXTURES);
if (!haveFixtures) console.warn(`examples.test: ${FIXTURES} is absent, so the examples are not run on real files.`);
const validator = createRequire(import.meta.url)('gltf-validator') as {
  validateBytes(data: Uint8Array): Promise<{ info: { totalTriangleCount: number } }>;
};

/** Rows of a CSV with quoted fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const match of text.matchAll(/((?:"(?:[^"]|"")*"|[^,\r\n]*)(?:,(?:"(?:[^"]|"")*"|[^,\r\n]*))*)\r\n/g)) {
    rows.push(
      [...(match[1] as string).matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, cell = '']) =>
        cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell,
      ),
    );
  }
  return rows;
}

describe.skipIf(!haveFixtures)('the examples that ship, run on real files', () => {
  const suite = engineSuite();
  let examples: Map<string, ExampleBundle>;
  let api: WebIFC.IfcAPI;
  beforeAll(async () => {
    examples = new Map((await exampleBundles()).map((example) => [example.name, example]));
    api = new WebIFC.IfcAPI();
    await api.Init(undefined, true);
  });

  /** Runs an example's activity as the service would bind it, with its output sent to the test suite.server. */
  async function runExample(name: string, args: Record<string, PlanArgument>): Promise<void> {
    const example = examples.get(name) as ExampleBundle;
    const activity = example.activity('Tester', 'prod');
    const zipPath = path.join(suite.dirs.root, `${name}.zip`);
    await writeFile(zipPath, example.zip);
    const parameters: RunPlan['parameters'] = Object.fromEntries(
      Object.entries(activity.parameters).map(([key, value]) => [
        key,
        { zip: false, ondemand: false, required: false, ...value },
      ]),
    );
    const { outcome, report } = await suite.run({
      engineId: activity.engine,
      commandLine: activity.commandLine,
      parameters,
      arguments: args,
      appbundles: [{ name, zipPath }],
    });
    expect(outcome, report).toEqual({ status: 'success' });
  }

  const serve = (relative: string) => {
    suite.server.files.set(path.basename(relative), readFileSync(path.join(FIXTURES, relative)));
    return { kind: 'url' as const, url: `${suite.server.url}/files/${path.basename(relative)}` };
  };
  const output = (name: string) => ({ kind: 'url' as const, url: `${suite.server.url}/files/${name}`, verb: 'put' });

  it('IfcPropertiesCsv writes every single-value property, as web-ifc reads them element by element', async () => {
    await runExample('IfcPropertiesCsv', {
      model: serve('ifc/AC20-FZK-Haus.ifc'),
      properties: output('properties.csv'),
    });
    const [header, ...rows] = parseCsv(suite.server.files.get('properties.csv')?.toString('utf8') ?? '');
    expect(header).toEqual(['GlobalId', 'Class', 'Name', 'PropertySet', 'Property', 'Value']);
    const model = api.OpenModel(new Uint8Array(readFileSync(path.join(FIXTURES, 'ifc/AC20-FZK-Haus.ifc'))));
    const expected: string[] = [];
    const elements = new Set<string>();
    const ids = api.GetLineIDsWithType(model, WebIFC.IFCELEMENT, true);
    for (let n = 0; n < ids.size(); n++) {
      const element = api.GetLine(model, ids.get(n)) as { GlobalId: { value: string } };
      elements.add(element.GlobalId.value);
      type Single = {
        type: number;
        Name: { value: string };
        NominalValue?: { value: string | number | boolean } | null;
      };
      for (const set of (await api.properties.getPropertySets(model, ids.get(n), true)) as {
        type: number;
        Name: { value: string };
        HasProperties?: Single[];
      }[]) {
        if (set.type !== WebIFC.IFCPROPERTYSET) continue;
        for (const property of set.HasProperties ?? []) {
          if (property.type === WebIFC.IFCPROPERTYSINGLEVALUE)
            expected.push(
              [
                element.GlobalId.value,
                set.Name.value,
                property.Name.value,
                String(property.NominalValue?.value ?? ''),
              ].join('|'),
            );
        }
      }
    }
    api.CloseModel(model);
    const actual = rows
      .filter(([globalId]) => elements.has(globalId as string))
      .map(([globalId, , , set, property, value]) => [globalId, set, property, value].join('|'));
    expect(expected.length).toBeGreaterThan(100);
    expect(actual.sort()).toEqual(expected.sort());
  });

  it('IfcRename writes a new IFC whose walls and doors have their new names, and nothing else renamed', async () => {
    const rules = JSON.stringify({ types: ['IfcWallStandardCase', 'IfcDoor'], pattern: 'DA {type} {n}' });
    await runExample('IfcRename', {
      model: serve('ifc/AC20-FZK-Haus.ifc'),
      rules: { kind: 'value', value: rules },
      renamed: output('renamed.ifc'),
    });
    const namesOf = (bytes: Uint8Array, type: number) => {
      const model = api.OpenModel(bytes);
      const ids = api.GetLineIDsWithType(model, type);
      const names = Array.from(
        { length: ids.size() },
        (_, n) => (api.GetLine(model, ids.get(n)) as { Name?: { value: string } }).Name?.value ?? '',
      );
      api.CloseModel(model);
      return names;
    };
    const renamed = new Uint8Array(suite.server.files.get('renamed.ifc') as Buffer);
    const original = new Uint8Array(readFileSync(path.join(FIXTURES, 'ifc/AC20-FZK-Haus.ifc')));
    const walls = namesOf(renamed, WebIFC.IFCWALLSTANDARDCASE);
    expect(walls.length).toBeGreaterThan(5);
    expect(walls.sort()).toEqual(walls.map((_, n) => `DA WallStandardCase ${n + 1}`).sort());
    expect(namesOf(renamed, WebIFC.IFCDOOR).every((name) => /^DA Door \d+$/.test(name))).toBe(true);
    expect(namesOf(renamed, WebIFC.IFCWINDOW)).toEqual(namesOf(original, WebIFC.IFCWINDOW));
  });

  it.each([
    ['stl/utah_teapot.stl', (bytes: Buffer) => bytes.readUInt32LE(80)],
    ['stl/sketchup_ascii.stl', (bytes: Buffer) => (bytes.toString('latin1').match(/facet normal/g) ?? []).length],
    ['obj/hundred_cubes.obj', (bytes: Buffer) => parseObj(bytes.toString('utf8')).triangles],
  ])('MeshToGlb turns %s into a GLB that gltf-validator passes, with every triangle', async (relative, trianglesOf) => {
    await runExample('MeshToGlb', { source: serve(relative), glb: output('model.glb') });
    const glb = new Uint8Array(suite.server.files.get('model.glb') as Buffer);
    expect(await glbErrors(glb)).toEqual([]);
    expect((await validator.validateBytes(glb)).info.totalTriangleCount).toBe(
      trianglesOf(readFileSync(path.join(FIXTURES, relative))),
    );
  });
});

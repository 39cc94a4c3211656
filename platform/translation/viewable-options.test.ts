import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobOutputFormat, ObjectTreeNode } from '../../contracts/model-derivative';
import { roomIfc } from '../testing/ifc-rooms';
import { runTranslation } from './engine';
import type { PropertyDatabase } from './properties-db';
import { glbNodes } from '../testing/translation/glb-nodes';
import { glbErrors, parseObj } from '../testing/translation/read-back';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'viewable-options-'));
  await writeFile(path.join(dir, 'room.ifc'), roomIfc());
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every node's name in the tree, depth first. */
const names = (nodes: readonly ObjectTreeNode[]): string[] =>
  nodes.flatMap((node) => [node.name, ...names(node.objects ?? [])]);

/** The OBJ of the last translation that asked for one. */
let obj: ReturnType<typeof parseObj> | undefined;

async function translate(outputs: JobOutputFormat[], run: string) {
  const outDir = path.join(dir, run);
  const result = await runTranslation(
    { sourcePath: path.join(dir, 'room.ifc'), fileName: 'room.ifc', outputs, outDir },
    () => undefined,
  );
  const meshFile = result.derivatives.flatMap((derivative) => derivative.files).find((file) => file.role === 'obj');
  if (meshFile) obj = parseObj(await readFile(path.join(outDir, meshFile.path), 'utf8'));
  return Promise.all(
    result.derivatives
      .filter((derivative) => derivative.views.length)
      .map(async (derivative) => {
        const [view] = derivative.views;
        const glbFile = view?.files.find((file) => file.role === 'graphics');
        const databaseFile = derivative.files.find((file) => file.role === 'Autodesk.CloudPlatform.PropertyDatabase');
        if (!view || !glbFile || !databaseFile)
          throw new Error(`${derivative.outputType} made no viewable: ${JSON.stringify(derivative.messages)}`);
        const glb = new Uint8Array(await readFile(path.join(outDir, glbFile.path)));
        const database = JSON.parse(await readFile(path.join(outDir, databaseFile.path), 'utf8')) as PropertyDatabase;
        return {
          derivative,
          glb,
          nodes: glbNodes(glb),
          tree: names(database.trees[view.guid] ?? []),
          objects: database.objects.map((object) => object.name),
        };
      }),
  );
}

describe('IFC options of a viewable (buildingStoreys, spaces, openingElements)', () => {
  it(
    'show draws spaces and openings; hide keeps them in the tree and the GLB, marked hidden; skip leaves them out',
    { timeout: 120_000 },
    async () => {
      const [shown, hidden, skipped] = await translate(
        [
          { type: 'svf2', advanced: { spaces: 'show', openingElements: 'show', buildingStoreys: 'show' } },
          { type: 'svf', advanced: { spaces: 'hide', openingElements: 'hide', buildingStoreys: 'hide' } },
          { type: 'obj' },
        ],
        'show-hide',
      ).then(async (made) => [
        ...made,
        ...(await translate(
          [{ type: 'svf2', advanced: { spaces: 'skip', openingElements: 'skip', buildingStoreys: 'skip' } }],
          'skip',
        )),
      ]);

      expect(shown!.tree).toEqual(
        expect.arrayContaining(['Ground Floor', 'Living Room', 'South Wall', 'Window Opening']),
      );
      expect(
        shown!.nodes
          .filter((node) => ['Living Room', 'Window Opening', 'South Wall'].includes(node.name))
          .map((node) => [node.name, node.hidden]),
      ).toEqual(
        expect.arrayContaining([
          ['Living Room', false],
          ['Window Opening', false],
          ['South Wall', false],
        ]),
      );
      expect(shown!.derivative.messages.map((message) => message.code)).toContain(
        'TranslationWorker-StoreysHaveNoGeometry',
      );
      // The spaces and openings a viewable asked for are its own: the OBJ of the same job holds the wall alone.
      expect(obj?.objects).toBe(1);

      expect(hidden!.derivative.outputType).toBe('svf');
      expect(hidden!.tree).toEqual(
        expect.arrayContaining(['Ground Floor', 'Living Room', 'South Wall', 'Window Opening']),
      );
      expect(Object.fromEntries(hidden!.nodes.map((node) => [node.name, node.hidden]))).toEqual({
        'South Wall': false,
        'Living Room': true,
        'Window Opening': true,
      });

      expect(skipped!.tree).not.toEqual(expect.arrayContaining(['Ground Floor']));
      expect(
        [...skipped!.tree, ...skipped!.objects].filter((name) =>
          ['Ground Floor', 'Living Room', 'Window Opening'].includes(name),
        ),
      ).toEqual([]);
      // The storey's wall moves up to the building rather than vanishing with it.
      expect(skipped!.tree).toEqual(['Room', 'Site', 'Room Building', 'South Wall']);
      expect(skipped!.nodes.map((node) => node.name)).toEqual(['South Wall']);
      for (const made of [shown, hidden, skipped]) expect(await glbErrors(made!.glb)).toEqual([]);
    },
  );

  it(
    'without the options, spaces stay in the tree undrawn and openings out of it, as before; conversionMethod is said not to be applied',
    { timeout: 120_000 },
    async () => {
      const [plain] = await translate([{ type: 'svf2', advanced: { conversionMethod: 'v4' } }], 'default');
      expect(plain!.tree).toEqual(['Room', 'Site', 'Room Building', 'Ground Floor', 'South Wall', 'Living Room']);
      expect(plain!.nodes.map((node) => node.name)).toEqual(['South Wall']);
      expect(plain!.derivative.messages).toEqual([
        expect.objectContaining({
          type: 'warning',
          code: 'TranslationWorker-OptionNotApplied',
          message: expect.stringContaining('conversionMethod'),
        }),
      ]);
    },
  );
});

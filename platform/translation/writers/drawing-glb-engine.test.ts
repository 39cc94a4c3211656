import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTranslation } from '../engine';
import type { PropertyDatabase } from '../properties-db';
import { glbNodes } from '../../testing/translation/glb-nodes';
import { FIXTURES, haveFixtures, warnIfNoFixtures } from '../../testing/translation/reader-fixtures';

// A real DXF through the engine: its 2D viewable is drawn, picked and selected per entity, as the
// object tree lists them (a node per layer left a selected entity with nothing to show).
warnIfNoFixtures('drawing-glb-engine.test');
let outDir: string;
beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'ddm-drawing-glb-'));
});
afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

describe.skipIf(!haveFixtures)('a DXF translated to svf2', () => {
  it('writes one LINES node per drawn entity, carrying that entity’s dbId', { timeout: 60_000 }, async () => {
    const result = await runTranslation(
      {
        sourcePath: path.join(FIXTURES, 'dxf/gear.dxf'),
        fileName: 'gear.dxf',
        outputs: [{ type: 'svf2', views: ['2d'] }],
        outDir,
      },
      () => undefined,
    );
    const [view] = result.derivatives[0]?.views ?? [];
    expect(view?.role).toBe('2d');
    const glb = new Uint8Array(await readFile(path.join(outDir, view?.files[0]?.path ?? '')));
    const database = JSON.parse(
      await readFile(path.join(outDir, result.propertiesPath ?? ''), 'utf8'),
    ) as PropertyDatabase;
    // The gear's one layer, 0, holds 332 LINE and 32 ARC entities.
    const entityIds = database.objects.filter((object) => object.name !== '0').map((object) => object.objectid);
    expect(entityIds).toHaveLength(364);
    expect(glbNodes(glb).map((node) => node.dbId)).toEqual(entityIds);
    const json = JSON.parse(
      new TextDecoder().decode(glb.subarray(20, 20 + new DataView(glb.buffer).getUint32(12, true))),
    ) as {
      meshes: Array<{ primitives: Array<{ mode?: number }> }>;
    };
    expect(json.meshes.every((mesh) => mesh.primitives.every((primitive) => primitive.mode === 1))).toBe(true);
  });
});

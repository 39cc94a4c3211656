import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runTranslation } from '../engine';
import { loadFormatModules } from '../format-modules';
import { readIfcInThread } from '../readers/ifc-thread';
import { warmUpIfc } from './ifc4';
import { warmUpIfc2x3 } from './ifc2x3';

/**
 * Jobs a fresh worker runs on a building of our own making before it takes a real one. A cold worker's
 * first job pays the process's module loading, web-ifc's start in both geometry threads and V8's
 * unoptimised code (FZK-Haus: 29 times a warm job); several runs bring the code the engine runs to
 * full speed. The evidence: docs/decisions/0010-translation-warm-up.md.
 */
const WARM_RUNS = 6;
// Tall enough that a second geometry thread joins each reading, as it does a real building's.
const WARM_STOREYS = 12;

/**
 * Brings this worker process to the speed of one that has run jobs: both geometry threads started, the
 * engine's code optimised. Once `hurried` says a job is waiting, it ends after the run under way: the
 * first run starts the threads a job needs anyway, and each later one only makes the job faster by less
 * than the job would wait for it.
 */
export async function warmUp(runs = WARM_RUNS, hurried: () => boolean = () => false): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-warm-up-'));
  try {
    const models = [
      { name: 'warm-up.ifc', text: warmUpIfc(WARM_STOREYS), runs },
      // IFC2X3 in every third run: web-ifc's classes for it are other than IFC4's.
      { name: 'warm-up-2x3.ifc', text: warmUpIfc2x3(WARM_STOREYS), runs: Math.ceil(runs / 3) },
    ];
    let done = 0;
    for (const model of models) {
      const sourcePath = path.join(dir, model.name);
      await writeFile(sourcePath, model.text);
      const bytes = new TextEncoder().encode(model.text);
      for (let run = 0; run < model.runs; run++, done++) {
        if (done > 0 && hurried()) return;
        // A helper thread joins only a reading that streams long enough: asked at once here, its code warms too.
        const helped = readIfcInThread(bytes, undefined, { helpAfterMs: 0 });
        await Promise.all([helped.geometry, helped.thumbnails]);
        const outDir = path.join(dir, `out-${run}`);
        await runTranslation(
          { sourcePath, fileName: model.name, outputs: [{ type: 'svf2' }], outDir },
          () => undefined,
        );
        await rm(outDir, { recursive: true, force: true });
      }
    }
    // Then the other formats' libraries, so that a first OBJ, 3DM, DXF or PDF job does not load them.
    if (!hurried()) await loadFormatModules();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

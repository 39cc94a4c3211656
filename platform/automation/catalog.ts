import type { EngineDescription } from './engine-types';
import { packageVersion } from './libraries';

/** What a local engine runs when the command line's first token names one of its launchers. */
export type LauncherKind = 'node' | 'test';

export interface LocalEngine {
  description: EngineDescription;
  /** Folder name under the engines' work folder: `$(engine.path)`. */
  key: string;
  /** File names the first token of a command line may name inside `$(engine.path)`. */
  launchers: Record<string, LauncherKind>;
  /** npm packages of the project that a program may import (read-only); `@aps-local/da` is always there. */
  libraries: string[];
}

const MESH_LIBRARIES = [
  'three',
  'occt-import-js',
  'rhino3dm',
  'meshoptimizer',
  '@gltf-transform/core',
  '@gltf-transform/extensions',
];
const NODE_LAUNCHERS: Record<string, LauncherKind> = { node: 'node', 'node.exe': 'node' };
const LOCAL_LIMIT_SEC = 600;
const TEST_LIMIT_SEC = 300;

function local(id: string, productVersion: string, limit: number, description: string): EngineDescription {
  return { id, description, productVersion, version: 1, runsLocally: true, limitProcessingTimeSec: limit };
}

export const LOCAL_ENGINES: readonly LocalEngine[] = [
  {
    key: 'nodejs',
    launchers: NODE_LAUNCHERS,
    libraries: [],
    description: local(
      'Local.NodeJs+22',
      process.versions.node,
      LOCAL_LIMIT_SEC,
      `A local engine of this platform, not an Autodesk product: runs an appbundle's JavaScript with Node.js ${process.versions.node} in a sandboxed process (no network, writes only to the job folder). Command line: $(engine.path)/node "$(appbundles[Name].path)/main.mjs" ...`,
    ),
  },
  {
    key: 'webifc',
    launchers: NODE_LAUNCHERS,
    libraries: ['web-ifc'],
    description: local(
      'Local.WebIfc+1',
      `web-ifc ${packageVersion('web-ifc')}`,
      LOCAL_LIMIT_SEC,
      'A local engine of this platform, not an Autodesk product: Local.NodeJs+22 with the web-ifc library importable, to read, edit and write IFC (IFC2X3, IFC4, IFC4X3). It does not read Revit or DWG files.',
    ),
  },
  {
    key: 'mesh',
    launchers: NODE_LAUNCHERS,
    libraries: MESH_LIBRARIES,
    description: local(
      'Local.Mesh+1',
      MESH_LIBRARIES.map((name) => `${name} ${packageVersion(name)}`).join(', '),
      LOCAL_LIMIT_SEC,
      "A local engine of this platform, not an Autodesk product: Local.NodeJs+22 with the mesh libraries of the platform's translation engine importable: three (and its OBJ, STL and other loaders), occt-import-js (STEP, IGES), rhino3dm (3DM), glTF-Transform and meshoptimizer. It is not 3ds Max.",
    ),
  },
  {
    key: 'test',
    launchers: { test: 'test', 'test.exe': 'test' },
    libraries: [],
    description: local(
      'Local.Test+1',
      '1',
      TEST_LIMIT_SEC,
      "A local test engine with deterministic outcomes, in the role of Autodesk's own test engine: its command line is a list of steps run in order (echo FROM TO, print TEXT, progress JSON, sleep MS, write PATH BYTES, memory MB, hang, ondemand NAME FILE, exit CODE), so that every workitem status can be produced on purpose. Command line: $(engine.path)/test step args...",
    ),
  },
];

/** Autodesk's engine ids, listed so that clients which look for them work; none runs on this platform. */
const AUTODESK: [id: string, product: string, productVersion: string, limit: number][] = [
  ['Autodesk.AutoCAD+24_1', 'AutoCAD 2022', '24.1', 100],
  ['Autodesk.AutoCAD+24_2', 'AutoCAD 2023', '24.2', 100],
  ['Autodesk.AutoCAD+24_3', 'AutoCAD 2024', '24.3', 100],
  ['Autodesk.AutoCAD+25_0', 'AutoCAD 2025', '25.0', 100],
  ['Autodesk.AutoCAD+25_1', 'AutoCAD 2026', '25.1', 100],
  ['Autodesk.Revit+2023', 'Revit 2023', '2023', 10800],
  ['Autodesk.Revit+2024', 'Revit 2024', '2024', 10800],
  ['Autodesk.Revit+2025', 'Revit 2025', '2025', 10800],
  ['Autodesk.Revit+2026', 'Revit 2026', '2026', 10800],
  ['Autodesk.Inventor+2024', 'Inventor 2024', '2024', 900],
  ['Autodesk.Inventor+2025', 'Inventor 2025', '2025', 900],
  ['Autodesk.Inventor+2026', 'Inventor 2026', '2026', 900],
  ['Autodesk.3dsMax+2024', '3ds Max 2024', '2024', 3600],
  ['Autodesk.3dsMax+2025', '3ds Max 2025', '2025', 3600],
  ['Autodesk.3dsMax+2026', '3ds Max 2026', '2026', 3600],
  ['Autodesk.Fusion+Latest', 'Fusion', 'Latest', 3600],
];

export const AUTODESK_ENGINES: readonly EngineDescription[] = AUTODESK.map(([id, product, productVersion, limit]) => ({
  id,
  description: `${product} core engine: Autodesk's, listed here so that clients work. It does not run on this platform: a workitem for it fails with failedInstructions. Use a Local.* engine to run a program here.`,
  productVersion,
  version: 1,
  runsLocally: false,
  limitProcessingTimeSec: limit,
}));

export const ENGINE_DESCRIPTIONS: readonly EngineDescription[] = [
  ...LOCAL_ENGINES.map((engine) => engine.description),
  ...AUTODESK_ENGINES,
];

export function localEngine(id: string): LocalEngine | undefined {
  return LOCAL_ENGINES.find((engine) => engine.description.id === id);
}

/** Words for a workitem whose engine does not run here, or does not exist. */
export function notRunnableReason(id: string): string {
  const listed = AUTODESK_ENGINES.find((engine) => engine.id === id);
  if (listed) {
    const product = listed.description.split(' core engine')[0];
    return `The engine ${id} (${product}) is Autodesk's and does not run on this local platform; nothing was run. Run the activity on Autodesk Platform Services, or use a Local.* engine.`;
  }
  return `The engine ${id} is not one this platform offers; nothing was run.`;
}

import { mkdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import type { LocalEngine } from './catalog';
import { RUNTIME_DIR, resolveLibraries } from './libraries';

/** An engine's folder (`$(engine.path)`) and what its programs may read besides their own run. */
export interface EngineDir {
  path: string;
  nodeModules: string;
  readable: string[];
}

/**
 * Makes `<workDir>/engines/<key>/node_modules`, holding links to the libraries the engine offers
 * and to the `@aps-local/da` helper; a run's folder links to it, so that its bundles' imports find
 * those and nothing else of the project's node_modules.
 */
export async function prepareEngineDir(workDir: string, engine: LocalEngine): Promise<EngineDir> {
  const dir = path.join(workDir, 'engines', engine.key);
  const nodeModules = path.join(dir, 'node_modules');
  await rm(dir, { recursive: true, force: true });
  await mkdir(path.join(nodeModules, '@aps-local'), { recursive: true });
  await symlink(path.join(RUNTIME_DIR, 'da'), path.join(nodeModules, '@aps-local', 'da'), 'dir');
  const libraries = resolveLibraries(engine.libraries);
  for (const [name, target] of libraries.links) {
    await mkdir(path.dirname(path.join(nodeModules, name)), { recursive: true });
    await symlink(target, path.join(nodeModules, name), 'dir');
  }
  return { path: dir, nodeModules, readable: [nodeModules, ...libraries.readable] };
}

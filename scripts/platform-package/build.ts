/**
 * Builds the platform's npm package in packages/platform: its JavaScript in dist/, the files the
 * platform reads beside its code, and the dependencies its code imports, checked against package.json.
 * `--write` puts the dependencies the build found into package.json instead of refusing.
 */
import * as esbuild from 'esbuild';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { packageSourceMeta, PACKAGE_BANNER } from './source-meta';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const PACKAGE_DIR = path.join(ROOT, 'packages', 'platform');
const DIST = path.join(PACKAGE_DIR, 'dist');
const ENTRIES = {
  main: 'platform/main.ts',
  index: 'platform/start/index.ts',
  'worker-main': 'platform/translation/worker-main.ts',
  'ifc-thread-main': 'platform/translation/readers/ifc-thread-main.ts',
};
/** Read at run time from beside the code, so they travel as files. */
const DATA_FOLDERS = ['automation/runtime', 'automation/examples'];
/** Loaded with `require` by name, or offered to Design Automation's engines: not seen as imports. */
const LOADED_BY_NAME = [
  'occt-import-js',
  'web-ifc',
  '@gltf-transform/core',
  '@gltf-transform/extensions',
  'meshoptimizer',
];

interface PackageJson {
  dependencies?: Record<string, string>;
  [key: string]: unknown;
}

const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as PackageJson;
const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Every package the build imports, with the version range the repository installs. */
function dependenciesOf(metafile: esbuild.Metafile, rootPackage: PackageJson): Record<string, string> {
  const imported = new Set(LOADED_BY_NAME);
  for (const output of Object.values(metafile.outputs))
    for (const { path: specifier, external } of output.imports)
      if (external && !specifier.startsWith('node:') && !specifier.startsWith('.'))
        imported.add(packageName(specifier));
  const versions = rootPackage.dependencies ?? {};
  const missing = [...imported].filter((name) => !versions[name]);
  if (missing.length) throw new Error(`The platform imports ${missing.join(', ')}, not in the root dependencies.`);
  return Object.fromEntries([...imported].sort().map((name) => [name, versions[name] as string]));
}

export async function buildPackage(write = false): Promise<void> {
  await rm(DIST, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    outdir: DIST,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    banner: { js: PACKAGE_BANNER },
    define: { PLATFORM_BUILD_DIR: '__platformBuildDir' },
    plugins: [packageSourceMeta(path.join(ROOT, 'platform'))],
    metafile: true,
    logLevel: 'warning',
  });
  for (const folder of DATA_FOLDERS)
    await cp(path.join(ROOT, 'platform', folder), path.join(DIST, folder), { recursive: true });
  await cp(path.join(ROOT, 'platform/seed/seed.schema.json'), path.join(DIST, 'seed.schema.json')).catch(() => {});
  await writeFile(path.join(DIST, 'bin.mjs'), "#!/usr/bin/env node\nimport './main.mjs';\n", { mode: 0o755 });

  const manifestFile = path.join(PACKAGE_DIR, 'package.json');
  const manifest = await readJson(manifestFile);
  const dependencies = dependenciesOf(result.metafile, await readJson(path.join(ROOT, 'package.json')));
  if (JSON.stringify(manifest.dependencies) === JSON.stringify(dependencies)) return;
  if (!write)
    throw new Error(
      `packages/platform/package.json lists other dependencies than the build imports: ` +
        `run npm run package:platform -- --write.\nImports: ${JSON.stringify(dependencies)}`,
    );
  await writeFile(manifestFile, `${JSON.stringify({ ...manifest, dependencies }, null, 2)}\n`);
}

if (process.argv[1] === import.meta.filename) await buildPackage(process.argv.includes('--write'));

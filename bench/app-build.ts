import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Inside the repository so the baseline's imports resolve from its node_modules; .tmp/ is ignored. */
const WORK = path.join(ROOT, '.tmp', 'bench-app');

export interface AppBuild {
  outDir: string;
  manifest: Manifest;
}

let built: Promise<AppBuild> | null = null;

/** The app built as `npm run build` builds it, plus a manifest, once per bench run. */
export function buildApp(): Promise<AppBuild> {
  built ??= (async () => {
    const outDir = path.join(WORK, 'dist');
    await rm(outDir, { recursive: true, force: true });
    await build({
      root: ROOT,
      configFile: path.join(ROOT, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, manifest: true, emptyOutDir: true, sourcemap: false },
    });
    return { outDir, manifest: await readManifest(outDir) };
  })();
  return built;
}

async function readManifest(outDir: string): Promise<Manifest> {
  return JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The JavaScript files a chunk needs before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, entry: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[entry];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** The manifest key of the module whose source path ends with `suffix`. */
export function chunkFor(manifest: Manifest, suffix: string): string {
  const key = Object.keys(manifest).find((name) => name.endsWith(suffix));
  if (!key) throw new Error(`no chunk for ${suffix} in the build`);
  return key;
}

export async function gzipBytes(outDir: string, files: Iterable<string>): Promise<number> {
  let total = 0;
  for (const file of files) total += gzipSync(await readFile(path.join(outDir, file)), { level: 9 }).length;
  return total;
}

/** react + react-dom rendering one element, built by the same Vite: the floor under any React app. */
export async function buildReactAlone(): Promise<number> {
  const root = path.join(WORK, 'react-alone');
  await mkdir(root, { recursive: true });
  await writeFile(path.join(root, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="./main.js"></script>');
  await writeFile(
    path.join(root, 'main.js'),
    "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(createElement('p', null, 'Hello'));\n",
  );
  const outDir = path.join(root, 'dist');
  await build({ root, configFile: false, logLevel: 'silent', build: { outDir, manifest: true, emptyOutDir: true, sourcemap: false } });
  const manifest = await readManifest(outDir);
  return gzipBytes(outDir, staticClosure(manifest, 'index.html'));
}

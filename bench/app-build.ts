import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Manifest, type Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Inside the repository so the baseline's imports resolve from its node_modules; .tmp/ is ignored. */
const WORK = path.join(ROOT, '.tmp', 'bench-app');

export interface AppBuild {
  outDir: string;
  manifest: Manifest;
  /** The chunks the build wrote, with what each exports: how a benchmark finds a page by what it is. */
  chunks: OutputChunk[];
}

let built: Promise<AppBuild> | null = null;

/** The app built as `npm run build` builds it, plus a manifest, once per bench run. */
export function buildApp(): Promise<AppBuild> {
  built ??= (async () => {
    const outDir = path.join(WORK, 'dist');
    await rm(outDir, { recursive: true, force: true });
    const output = (await build({
      root: ROOT,
      configFile: path.join(ROOT, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, manifest: true, emptyOutDir: true, sourcemap: false },
    })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
    const chunks = [output]
      .flat()
      .flatMap((each) => each.output.filter((file): file is OutputChunk => file.type === 'chunk'));
    return { outDir, manifest: await readManifest(outDir), chunks };
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

/**
 * The manifest key of the lazily loaded chunk that exports `component` (a route's page): found by what
 * the router loads, not by a source path, so moving or splitting files does not break the benchmark.
 */
export function lazyChunkExporting({ manifest, chunks }: AppBuild, component: string): string {
  const chunk = chunks.find((candidate) => candidate.isDynamicEntry && candidate.exports.includes(component));
  const key = chunk && Object.keys(manifest).find((name) => manifest[name]?.file === chunk.fileName);
  if (!key) throw new Error(`no lazily loaded chunk exports ${component} in the build`);
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
  await writeFile(
    path.join(root, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="./main.js"></script>',
  );
  await writeFile(
    path.join(root, 'main.js'),
    "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(createElement('p', null, 'Hello'));\n",
  );
  const outDir = path.join(root, 'dist');
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    build: { outDir, manifest: true, emptyOutDir: true, sourcemap: false },
  });
  const manifest = await readManifest(outDir);
  return gzipBytes(outDir, staticClosure(manifest, 'index.html'));
}

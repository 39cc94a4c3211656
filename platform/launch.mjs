/**
 * How `npm run platform` starts the platform: from a build of its sources, made with esbuild into
 * node_modules/.cache/ddm-platform and made again when a source changes. Under tsx, Node 20 sends
 * every module through tsx's loader thread, about 1.4 s of CPU at each `serve` start and again in
 * each worker and thread (docs/decisions/0006-esbuild-launch.md).
 *
 * Plain JavaScript, because it runs before anything can read TypeScript.
 */
import { createHash, randomUUID } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { readdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
// Inside the project's node_modules: the build imports the packages, which Node finds up from there.
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'ddm-platform');
/** The entries: the command line, and what it starts in processes and threads of their own. */
const ENTRIES = [
  'platform/main.ts',
  'platform/translation/worker-main.ts',
  'platform/translation/readers/ifc-thread-main.ts',
];
const SOURCE_DIRS = ['platform', 'contracts'];
const KEEP_BUILDS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Every file under the source folders but the tests, relative to `root`, sorted. */
async function sourceFiles(root) {
  const found = await Promise.all(
    SOURCE_DIRS.map((dir) => readdir(path.join(root, dir), { recursive: true, withFileTypes: true }).catch(() => [])),
  );
  return found
    .flat()
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath ?? entry.path, entry.name)))
    .sort();
}

/** A name for the sources as they are now: their paths, sizes and times, their root, esbuild and this file. */
export async function sourceKey(root = ROOT) {
  const hash = createHash('sha256')
    .update(root)
    .update(await readFile(import.meta.filename));
  hash.update(JSON.parse(await readFile(path.join(ROOT, 'node_modules', 'esbuild', 'package.json'), 'utf8')).version);
  const files = await sourceFiles(root);
  const stats = await Promise.all(files.map((file) => stat(path.join(root, file))));
  files.forEach((file, index) => hash.update(`${file}\0${stats[index].size}\0${stats[index].mtimeMs}\n`));
  return hash.digest('hex').slice(0, 24);
}

/**
 * Source files keep their own `import.meta.url` and `import.meta.dirname`: the platform finds the files
 * beside its sources (the Design Automation runtime, the examples) by them, wherever its build is.
 */
const sourceMeta = {
  name: 'source-meta',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => {
      const text = await readFile(file, 'utf8');
      const contents = text
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(file)));
      return { contents, loader: 'ts' };
    });
  },
};

/** Builds the entries under `root` into `into`, for running from `dir`. */
export async function buildPlatform(root, dir, into) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir: into,
    bundle: true,
    // Shared chunks: what each command and format loads only when it needs it stays so.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outExtension: { '.js': '.mjs' },
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    // For `NODE_OPTIONS=--enable-source-maps`; not on by default: with them on, FZK-Haus's first job after
    // a start took 1.29 times a warm one against 1.20 under tsx; off, 1.19 against 1.31 (interleaved starts).
    sourcemap: 'linked',
    define: { PLATFORM_BUILD_DIR: JSON.stringify(dir) },
    plugins: [sourceMeta],
    logLevel: 'silent',
  });
}

/** Builds not started from for a day past the newest few go, and a day-old half-build; a platform started from one may still run. */
async function prune(cache, current) {
  const names = (await readdir(cache)).filter((name) => name !== current);
  const dated = await Promise.all(
    names.map(async (name) => ({ name, mtimeMs: (await stat(path.join(cache, name))).mtimeMs })),
  );
  const builds = dated.filter(({ name }) => !name.includes('.tmp-')).sort((a, b) => b.mtimeMs - a.mtimeMs);
  const spare = [...builds.slice(KEEP_BUILDS - 1), ...dated.filter(({ name }) => name.includes('.tmp-'))];
  const old = spare.filter(({ mtimeMs }) => Date.now() - mtimeMs > DAY_MS);
  await Promise.all(old.map(({ name }) => rm(path.join(cache, name), { recursive: true, force: true })));
}

/** The folder of the build of the sources under `root` as they are now, built first when there is none. */
export async function ensureBuild(root = ROOT, cache = CACHE, build = buildPlatform) {
  const key = await sourceKey(root);
  const dir = path.join(cache, key);
  const done = await stat(path.join(dir, 'main.mjs')).then(
    () => true,
    () => false,
  );
  // Its time says when it was last started from, which pruning goes by.
  if (done)
    return utimes(dir, new Date(), new Date()).then(
      () => dir,
      () => dir,
    );
  // Built aside and renamed into place: processes starting side by side each build, and one build wins.
  const into = `${dir}.tmp-${randomUUID()}`;
  try {
    await build(root, dir, into);
    await rename(into, dir).catch((error) => {
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(into, { recursive: true, force: true });
  }
  await prune(cache, key).catch(() => undefined);
  return dir;
}

/** Runs the command line from the build, or from the sources under tsx when the build cannot be made. */
export async function launch(root = ROOT, cache = CACHE) {
  const dir = await ensureBuild(root, cache).catch((error) => {
    process.stderr.write(
      `platform: could not build itself in ${cache} (${error.message}); running from its sources under tsx, which starts slower\n`,
    );
    return undefined;
  });
  if (!dir) {
    (await import('tsx/esm/api')).register();
    return import(pathToFileURL(path.join(root, 'platform', 'main.ts')).href);
  }
  return import(pathToFileURL(path.join(dir, 'main.mjs')).href);
}

const runAsScript = () => {
  try {
    return realpathSync(process.argv[1] ?? '') === import.meta.filename;
  } catch {
    return false;
  }
};

if (runAsScript()) await launch();

import type { Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Every file of the package starts by finding dist/ from its own place (entries sit in dist/, shared
 * chunks in dist/chunks/): where the workers' entries are, and the base of the sources' own places.
 */
export const PACKAGE_BANNER = [
  "import { fileURLToPath as __platformPath } from 'node:url';",
  "const __platformDist = new URL(/\\/chunks\\/[^/]*$/.test(import.meta.url) ? '../' : './', import.meta.url);",
  'const __platformBuildDir = __platformPath(__platformDist);',
].join('\n');

/**
 * A source's `import.meta.url` becomes its place mirrored under dist/ (platform/automation/x.ts →
 * dist/automation/x.ts), so the files it finds beside itself (the Design Automation runtime, the
 * examples) and the packages it resolves from there are found wherever the package is installed.
 */
export function packageSourceMeta(platformDir: string): Plugin {
  return {
    name: 'package-source-meta',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => {
        const text = await readFile(file, 'utf8');
        const relative = path.relative(platformDir, file).split(path.sep).join('/');
        const url = `new URL(${JSON.stringify(relative)}, __platformDist).href`;
        const dirname = `__platformPath(new URL('.', ${url}))`;
        const contents = text.replaceAll('import.meta.url', url).replaceAll('import.meta.dirname', dirname);
        return { contents, loader: 'ts' };
      });
    },
  };
}

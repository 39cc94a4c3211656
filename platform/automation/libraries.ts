import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The plain-JavaScript files that run inside the sandbox (preload, helper module, test engine). */
export const RUNTIME_DIR = realpathSync(path.join(HERE, 'runtime'));

/** The folder of an installed package of the project, found as Node finds it: up from this file. */
export function packageDir(name: string): string {
  for (let dir = HERE; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
    if (path.dirname(dir) === dir) throw new Error(`The package ${name} is not installed.`);
  }
}

interface PackageJson {
  version?: string;
  dependencies?: Record<string, string>;
}

function readPackage(dir: string): PackageJson {
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
}

export function packageVersion(name: string): string {
  return readPackage(packageDir(name)).version ?? 'unknown';
}

export interface Libraries {
  /** Each library's name and real folder: what `node_modules` of an engine links to. */
  links: Map<string, string>;
  /** Those folders and the folders of everything they depend on: the sandbox may read these and nothing else of node_modules. */
  readable: string[];
}

/**
 * The libraries an engine offers, as real paths. Dependencies are looked up where Node would find
 * them from the package's real folder (npm installs them flat beside it, or nested inside it).
 */
export function resolveLibraries(names: readonly string[]): Libraries {
  const links = new Map<string, string>();
  const readable = new Set<string>();
  const visit = (dir: string) => {
    if (readable.has(dir)) return;
    readable.add(dir);
    for (const dependency of Object.keys(readPackage(dir).dependencies ?? {})) visit(dependencyDir(dependency, dir));
  };
  for (const name of names) {
    const dir = packageDir(name);
    links.set(name, dir);
    visit(dir);
  }
  return { links, readable: [...readable] };
}

function dependencyDir(name: string, from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
    if (path.dirname(dir) === dir) throw new Error(`${name}, a dependency of ${from}, is not installed.`);
  }
}

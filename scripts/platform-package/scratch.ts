import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildPackage, PACKAGE_DIR } from './build';

const run = promisify(execFile);

/** The platform's package installed from its tarball alone into an empty project outside the repository. */
export interface ScratchProject {
  dir: string;
  /** The command line as `npx design-data-platform` runs it. */
  bin: string;
  tarball: string;
  remove(): Promise<void>;
}

export async function installIntoScratch(): Promise<ScratchProject> {
  await buildPackage();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'platform-scratch-'));
  try {
    const packed = await run('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: PACKAGE_DIR });
    const tarball = path.join(dir, packed.stdout.trim().split('\n').at(-1) as string);
    const manifest = { name: 'scratch', version: '1.0.0', private: true, type: 'module' };
    await writeFile(path.join(dir, 'package.json'), JSON.stringify(manifest));
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], {
      cwd: dir,
      maxBuffer: 16 << 20,
    });
    return {
      dir,
      tarball,
      bin: path.join(dir, 'node_modules', '.bin', 'design-data-platform'),
      remove: () => rm(dir, { recursive: true, force: true }),
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

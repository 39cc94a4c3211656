import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TEMPLATE_ENV, writeMigratedTemplate } from './memory-db';

/** Makes the migrated database template once for the whole run, rather than once in each test file. */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  await writeMigratedTemplate(file);
  process.env[TEMPLATE_ENV] = file;
  return () => rm(dir, { recursive: true, force: true });
}

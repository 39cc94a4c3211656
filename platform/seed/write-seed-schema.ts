import { writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format } from 'prettier';
import { seedJsonSchema } from './seed-schema';

export const SEED_SCHEMA_FILE = fileURLToPath(new URL('./seed.schema.json', import.meta.url));

/** The committed schema's text: generated, then laid out as `prettier --check` wants it. */
export const seedSchemaFileText = (): Promise<string> =>
  format(JSON.stringify(seedJsonSchema()), { parser: 'json', printWidth: 120 });

// `npx tsx platform/seed/write-seed-schema.ts` after changing the format.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  await writeFile(SEED_SCHEMA_FILE, await seedSchemaFileText());

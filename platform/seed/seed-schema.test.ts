import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../testing/test-platform';
import { applySeedFile } from './seed-command';
import { parseSeedText } from './seed-source';
import { SEED_SCHEMA_FILE, seedSchemaFileText } from './write-seed-schema';

const EXAMPLE = fileURLToPath(new URL('./example-seed.yaml', import.meta.url));

let platform: TestPlatform | undefined;
afterEach(() => platform?.close());

describe('the seed format', () => {
  it('ships the JSON Schema the code generates (npx tsx platform/seed/write-seed-schema.ts writes it)', async () => {
    expect(await readFile(SEED_SCHEMA_FILE, 'utf8')).toBe(await seedSchemaFileText());
  });

  it('names the schema in the example, which applies to a fresh platform', async () => {
    const text = await readFile(EXAMPLE, 'utf8');
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=./seed.schema.json');
    expect(parseSeedText(text, 'example-seed.yaml').lineOf('hubs[0].projects[0].folders[1].name')).toBe(56);
    platform = await createTestPlatform();
    const result = await applySeedFile(platform, EXAMPLE);
    expect(result.counts).toMatchObject({ users: 1, apps: 2, hubs: 1, files: 2, versions: 3, objects: 1 });
    expect(result.jobIds).toHaveLength(1);
  });
});

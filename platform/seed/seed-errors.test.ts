import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../testing/test-platform';
import { applySeed } from './seed-apply';
import { applySeedFile } from './seed-command';
import { SeedError } from './seed-source';

let platform: TestPlatform;
let dir: string;
beforeEach(async () => {
  platform = await createTestPlatform();
  dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-seed-errors-'));
});
afterEach(async () => {
  await platform.close();
  await rm(dir, { recursive: true, force: true });
});

async function problemsOf(text: string): Promise<readonly string[]> {
  const file = path.join(dir, 'seed.yaml');
  await writeFile(file, text);
  const error = await applySeedFile(platform, file).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(SeedError);
  return (error as SeedError).problems;
}

/** Rows of every table a seed writes: a refused seed must leave them as they were. */
async function tableSizes() {
  const tables = [
    'users',
    'apps',
    'hubs',
    'projects',
    'dm_folders',
    'dm_items',
    'oss_buckets',
    'oss_objects',
    'md_jobs',
  ];
  const sizes: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await platform.stores.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${table}`);
    sizes[table] = row!.n;
  }
  return sizes;
}

describe('a seed that cannot be applied', () => {
  it('names every shape problem with its line and path', async () => {
    const problems = await problemsOf(`users:
  - email: not-an-email
    name: Ada
    password: short
apps:
  - client_id: spa-app
    name: A spa
    type: spa
    client_secret: should-not-be-here
    callbacks: [http://app.test/callback]
hubs:
  - name: Hub
    projects:
      - name: P
        files:
          - name: a.txt
            versions:
              - path: a.txt
                content: both
                colour: blue
`);
    expect(problems).toEqual([
      expect.stringMatching(/^seed\.yaml:2: users\[0\]\.email: /),
      expect.stringMatching(/^seed\.yaml:4: users\[0\]\.password: .*8/),
      expect.stringMatching(/^seed\.yaml:9: apps\[0\]\.client_secret: a spa app is public/),
      expect.stringMatching(/^seed\.yaml:18: hubs\[0\]\.projects\[0\]\.files\[0\]\.versions\[0\]: .*colour/),
      'seed.yaml:18: hubs[0].projects[0].files[0].versions[0]: give exactly one of path or content',
    ]);
  });

  it('reports the files, names, keys, references and translations at once, and writes nothing', async () => {
    const before = await tableSizes();
    const problems = await problemsOf(`users:
  - email: ada@example.com
    name: Ada
    password: analytical-engine
hubs:
  - name: Hub
    members: [ada@example.com, nobody@example.com]
    apps: [no-such-app]
    projects:
      - name: P
        folders:
          - name: "a:b"
          - name: Models
            files:
              - name: house.ifc
                versions:
                  - path: ./models/missing.ifc
              - name: HOUSE.IFC
                versions:
                  - content: x
          - name: Notes
            files:
              - name: notes.csv
                versions:
                  - content: "a,b"
                    translate: [svf2]
buckets:
  - key: Bad_Key
    owner: no-such-app
`);
    expect(problems).toEqual([
      'seed.yaml:7: hubs[0].members[1]: no user nobody@example.com in the seed or the store',
      'seed.yaml:8: hubs[0].apps[0]: no app no-such-app in the seed or the store',
      expect.stringMatching(
        /^seed\.yaml:12: hubs\[0\]\.projects\[0\]\.folders\[0\]\.name: The folder name must not contain/,
      ),
      'seed.yaml:17: hubs[0].projects[0].folders[1].files[0].versions[0].path: no file at ./models/missing.ifc',
      expect.stringMatching(
        /^seed\.yaml:18: hubs\[0\]\.projects\[0\]\.folders\[1\]\.files\[1\]: the name "HOUSE.IFC" is already taken/,
      ),
      expect.stringMatching(
        /^seed\.yaml:26: hubs\[0\]\.projects\[0\]\.folders\[2\]\.files\[0\]\.versions\[0\]\.translate: A \.csv file cannot be translated to svf2/,
      ),
      expect.stringMatching(/^seed\.yaml:28: buckets\[0\]\.key: Bucket key "Bad_Key" contains uppercase/),
      'seed.yaml:29: buckets[0].owner: no app no-such-app in the seed or the store',
    ]);
    expect(await tableSizes()).toEqual(before);
  });

  it('rolls back what it wrote when the store contradicts the seed part-way', async () => {
    await platform.registerApp({ name: 'Taken', type: 'server' });
    const taken = (
      await platform.stores.db.query<{ id: string }>("SELECT client_id AS id FROM apps WHERE name = 'Taken'")
    )[0]!.id;
    const before = await tableSizes();
    const seed = {
      users: [{ email: 'ada@example.com', name: 'Ada', password: 'analytical-engine' }],
      apps: [{ client_id: taken, client_secret: 'another-secret-0123456789', name: 'Taken', type: 'server' }],
      hubs: [
        {
          name: 'Hub',
          members: ['ada@example.com'],
          projects: [{ name: 'P', files: [{ name: 'a.txt', versions: [{ content: 'a' }] }] }],
        },
      ],
    };
    const error = await applySeed(platform, seed, { baseDir: dir }).catch((caught: unknown) => caught);
    expect((error as SeedError).problems).toEqual([
      `seed: apps[0].client_secret: the app ${taken} exists with another secret; a seed does not change it`,
    ]);
    expect(await tableSizes()).toEqual(before);
  });

  it('leaves no metadata behind when writing the bytes fails part-way', async () => {
    const before = await tableSizes();
    let writes = 0;
    const failing = {
      ...platform.blobs,
      write: (...args: Parameters<typeof platform.blobs.write>) => {
        if (++writes === 2) return Promise.reject(new Error('disk full'));
        return platform.blobs.write(...args);
      },
    };
    const versions = [{ content: 'one' }, { content: 'two' }];
    const seed = {
      users: [{ email: 'ada@example.com', name: 'Ada', password: 'analytical-engine' }],
      hubs: [{ name: 'Hub', projects: [{ name: 'P', files: [{ name: 'a.txt', versions }] }] }],
    };
    await expect(applySeed({ ...platform, blobs: failing }, seed, { baseDir: dir })).rejects.toThrow('disk full');
    expect(await tableSizes()).toEqual(before);
  });

  it('names a file that is not YAML by its line', async () => {
    expect(await problemsOf('users:\n  - email: a@b.co\n  name: [unclosed\n')).toEqual([
      expect.stringMatching(/^seed\.yaml:\d+: not valid YAML or JSON: /),
    ]);
  });
});

import { PolicyKey, Region } from '@aps_sdk/oss';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officialClients } from './scratch-calls';
import { installIntoScratch, type ScratchProject } from './scratch';

const run = promisify(execFile);
const SEED = `
apps:
  - { client_id: scratch-tests, client_secret: scratch-tests-secret, name: Scratch tests, type: server }
hubs:
  - name: Scratch Hub
    apps: [scratch-tests]
    projects:
      - name: Scratch Project
        files:
          - name: notes.txt
            versions: [{ content: first }, { content: second, comment: Edited }]
buckets:
  - key: scratch-bucket
    owner: scratch-tests
    objects: [{ key: hello.txt, content: hello }]
`;

let scratch: ScratchProject;
const children: ChildProcess[] = [];
beforeAll(async () => {
  scratch = await installIntoScratch();
  await writeFile(path.join(scratch.dir, 'seed.yaml'), SEED);
}, 300_000);
afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await scratch?.remove();
});

/** Runs a command in the scratch project and resolves with the first line its `pattern` matches. */
function startIn(command: string, args: string[], pattern: RegExp): Promise<RegExpExecArray> {
  const child = spawn(command, args, { cwd: scratch.dir, stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = pattern.exec(line);
      if (match) resolve(match);
    });
    child.once('exit', (code) => reject(new Error(`${command} exited with ${code} before printing ${pattern}`)));
  });
}

describe('the platform as an npm package, installed from its tarball alone', () => {
  it('brings only the platform’s runtime dependencies', async () => {
    const installed = await readdir(path.join(scratch.dir, 'node_modules'));
    for (const name of ['react', 'vite', 'vitest', '@playwright', 'typescript', 'tsx', 'esbuild'])
      expect(installed).not.toContain(name);
    expect(installed).toContain('design-data-platform');
  });

  it('answers --help through npx from the scratch project', async () => {
    const { stdout } = await run('npx', ['--no-install', 'design-data-platform', '--help'], { cwd: scratch.dir });
    expect(stdout).toContain('Usage: design-data-platform <command>');
    expect(stdout).toContain('--seed');
  });

  it('serves a seed file through the command, and the official clients read it', async () => {
    const dataDir = path.join(scratch.dir, 'data');
    const args = ['serve', '--port', '0', '--data-dir', dataDir, '--seed', 'seed.yaml', '--workers-start', 'on-demand'];
    const [, url] = await startIn(scratch.bin, args, /listening on (\S+)/);
    const clients = officialClients(url!);
    const token = await clients.token('scratch-tests', 'scratch-tests-secret');
    const objects = await clients.oss(token).getObjects('scratch-bucket');
    expect(objects.items?.map((item) => item.objectKey)).toEqual(['hello.txt']);
    const hubs = await clients.dataManagement(token).getHubs();
    expect(hubs.data?.map((hub) => hub.attributes?.name)).toEqual(['Scratch Hub']);

    const inspected = await fetch(`${url}/_platform/requests?service=oss`);
    const { requests } = (await inspected.json()) as { requests: { method: string; path: string; app: string }[] };
    expect(requests).toEqual([
      expect.objectContaining({ method: 'GET', path: '/oss/v2/buckets/scratch-bucket/objects', app: 'scratch-tests' }),
    ]);
    const har = await (await fetch(`${url}/_platform/requests/har`)).text();
    expect(har).toContain('"version":"1.2"');
    expect(har).not.toContain(token);
    expect(har).not.toContain('scratch-tests-secret');
  });

  it('starts in-process through startPlatform, with faults the official client retries through', async () => {
    const script = `
      import { startPlatform } from 'design-data-platform';
      const platform = await startPlatform({ seed: 'seed.yaml' });
      console.log(JSON.stringify({ url: platform.url, apps: platform.apps }));
      process.stdin.on('data', async (data) => {
        if (String(data).trim() === 'reset') return console.log('reset', await platform.reset());
        await platform.stop();
        process.exit(0);
      });
    `;
    await writeFile(path.join(scratch.dir, 'start.mjs'), script);
    const [line] = await startIn('node', ['start.mjs'], /^\{.*"url".*\}$/);
    const { url, apps } = JSON.parse(line) as { url: string; apps: { clientId: string; clientSecret: string }[] };
    expect(apps).toEqual([
      expect.objectContaining({ clientId: 'scratch-tests', clientSecret: 'scratch-tests-secret' }),
    ]);
    const clients = officialClients(url);
    const token = await clients.token(apps[0]!.clientId, apps[0]!.clientSecret);
    const rule = { service: 'oss', method: 'POST', path: '/oss/v2/buckets', status: 503, times: 1 };
    const added = await fetch(`${url}/_platform/faults`, { method: 'POST', body: JSON.stringify(rule) });
    expect(added.status).toBe(201);
    const bucket = await clients
      .oss(token)
      .createBucket(Region.Us, { bucketKey: 'made-twice', policyKey: PolicyKey.Transient });
    expect(bucket.bucketKey).toBe('made-twice');
    const faults = (await (await fetch(`${url}/_platform/faults`)).json()) as { faults: { fired: number }[] };
    expect(faults.faults[0]!.fired).toBe(1);

    // A token is state too: one issued after the seed goes with a reset.
    const bucketKeys = async () => {
      const fresh = await clients.token(apps[0]!.clientId, apps[0]!.clientSecret);
      return ((await clients.oss(fresh).getBuckets()).items ?? []).map((item) => item.bucketKey).sort();
    };
    expect(await bucketKeys()).toEqual(['made-twice', 'scratch-bucket']);
    const snapshot = await (await fetch(`${url}/_platform/snapshot`)).arrayBuffer();
    expect((await fetch(`${url}/_platform/reset`, { method: 'POST' })).status).toBe(204);
    expect(await bucketKeys()).toEqual(['scratch-bucket']);
    const restored = await fetch(`${url}/_platform/snapshot`, { method: 'PUT', body: snapshot });
    expect(restored.status).toBe(200);
    expect(await bucketKeys()).toEqual(['made-twice', 'scratch-bucket']);
  });

  it('exports a data directory with admin export and imports it into another', async () => {
    const source = path.join(scratch.dir, 'export-source');
    const target = path.join(scratch.dir, 'export-target');
    const archive = path.join(scratch.dir, 'state.tar');
    await run(scratch.bin, ['admin', 'seed', 'seed.yaml', '--data-dir', source], { cwd: scratch.dir });
    const exported = await run(scratch.bin, ['admin', 'export', '--out', archive, '--data-dir', source]);
    expect(JSON.parse(exported.stdout)).toMatchObject({ blobs: expect.any(Number) });
    await run(scratch.bin, ['admin', 'import', archive, '--data-dir', target]);
    const [, url] = await startIn(scratch.bin, ['serve', '--port', '0', '--data-dir', target], /listening on (\S+)/);
    const clients = officialClients(url!);
    const token = await clients.token('scratch-tests', 'scratch-tests-secret');
    const objects = await clients.oss(token).getObjects('scratch-bucket');
    expect(objects.items?.map((item) => item.objectKey)).toEqual(['hello.txt']);
  });
});

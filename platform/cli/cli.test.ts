import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMMAND } from '../../scripts/platform-process';

const env = { ...process.env, DATABASE_URL: '' };

/** Runs the platform's command line as an operator would, and returns what it said. */
async function cli(...args: string[]) {
  const child = spawn(process.execPath, [...PLATFORM_COMMAND, ...args], { env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number];
  return { code, stdout, stderr, json: () => JSON.parse(stdout) as Record<string, unknown> };
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ddm-cli-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('admin commands', () => {
  it('register apps: a spa gets no secret, a server app gets one', async () => {
    const spa = await cli(
      'admin',
      'app',
      'create',
      '--name',
      'Web UI',
      '--type',
      'spa',
      '--callback',
      'http://127.0.0.1:5173/auth/callback',
      '--data-dir',
      dataDir,
    );
    expect(spa.code).toBe(0);
    expect(Object.keys(spa.json())).toEqual(['client_id']);
    const server = await cli(
      'admin',
      'app',
      'create',
      '--name',
      'Backend',
      '--type',
      'server',
      '--scopes',
      'data:read bucket:read',
      '--data-dir',
      dataDir,
    );
    expect(server.json()).toMatchObject({
      client_id: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      client_secret: expect.any(String),
    });
  });

  it('create a user, a hub with that member and a project in it, each printing its id', async () => {
    const user = await cli(
      'admin',
      'user',
      'create',
      '--email',
      'ana@example.com',
      '--name',
      'Ana',
      '--password',
      'long-enough',
      '--data-dir',
      dataDir,
    );
    expect(user.json()).toMatchObject({ id: expect.any(String), email: 'ana@example.com' });
    const hub = await cli(
      'admin',
      'hub',
      'create',
      '--name',
      'Studio',
      '--member',
      'ana@example.com',
      '--data-dir',
      dataDir,
    );
    expect(hub.json()).toMatchObject({ id: expect.stringMatching(/^a\./), members: [user.json()['id']] });
    const project = await cli(
      'admin',
      'project',
      'create',
      '--hub',
      String(hub.json()['id']),
      '--name',
      'Tower',
      '--data-dir',
      dataDir,
    );
    expect(project.json()).toMatchObject({ id: expect.stringMatching(/^a\./), name: 'Tower' });
  });

  it.each([
    [['admin', 'app', 'create', '--name', 'x', '--type', 'desktop'], '--type must be one of spa, web, server'],
    [['admin', 'app', 'create', '--name', 'x', '--type', 'spa'], 'needs at least one --callback'],
    [
      ['admin', 'user', 'create', '--email', 'not-an-email', '--name', 'n', '--password', 'long-enough'],
      '--email must be an email address',
    ],
    [['admin', 'hub', 'create', '--name', 'h', '--member', 'nobody@example.com'], 'no such user'],
    [['admin', 'project', 'create', '--hub', 'a.missing', '--name', 'p'], 'no such hub'],
    [['serve', '--port', 'eighty'], '--port must be a whole number'],
    [['admin', 'app', 'create', '--bogus'], "Unknown option '--bogus'"],
  ])('refuse %j with a message and a non-zero exit', async (args, message) => {
    const result = await cli(...args, ...(args[0] === 'admin' ? ['--data-dir', dataDir] : []));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe('');
  });
});

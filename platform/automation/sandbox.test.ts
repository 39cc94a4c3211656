import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { detectIsolation } from './sandbox';
import { startFileServer } from '../testing/automation/file-server';

const isolation = detectIsolation();
const hasNamespace = isolation.layers.some((layer) => layer.startsWith('own network namespace'));
if (!hasNamespace)
  console.warn(
    `sandbox.test: no network namespace can be made here (${isolation.layers.join('; ')}); its kernel-level test is skipped.`,
  );

describe('the sandbox without its JavaScript belt', () => {
  it.skipIf(!hasNamespace)('reaches no address of the machine: the network namespace holds on its own', async () => {
    const server = await startFileServer();
    try {
      const port = new URL(server.url).port;
      // No preload here: a raw socket, as a program that got past the belt would open.
      const script = `require('node:net').connect(${port}, '127.0.0.1').on('connect', () => { console.log('connected'); process.exit(0); }).on('error', (e) => { console.log(e.code); process.exit(7); });`;
      const child = spawn(
        isolation.prefix(1 << 20)[0] as string,
        [...isolation.prefix(1 << 20).slice(1), process.execPath, '-e', script],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const [code] = (await once(child, 'close')) as [number];
      expect(output.trim()).toMatch(/^E(NETUNREACH|CONNREFUSED)$/);
      expect(code).toBe(7);
      expect(server.connections()).toBe(0);
    } finally {
      await server.close();
    }
  });
});

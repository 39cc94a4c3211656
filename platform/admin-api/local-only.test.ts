import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { adminApiEnabled, fromThisMachineOnly, isLoopbackAddress } from './local-only';

/** An address of this machine that is not loopback, when it has one. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

describe('the admin API is for this machine only', () => {
  it('knows loopback addresses as sockets report them', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(address)).toBe(true);
    for (const address of ['10.0.0.1', '::ffff:10.0.0.1', '128.0.0.1', 'fe80::1', undefined])
      expect(isLoopbackAddress(address)).toBe(false);
  });

  it('is on by default only where loopback alone reaches the platform', () => {
    expect(adminApiEnabled('auto', '127.0.0.1', undefined)).toBe(true);
    expect(adminApiEnabled('auto', 'localhost', 'http://localhost:8080')).toBe(true);
    expect(adminApiEnabled('auto', '::1', undefined)).toBe(true);
    expect(adminApiEnabled('auto', '0.0.0.0', undefined)).toBe(false);
    // Behind a reverse proxy every request comes from loopback: the public URL tells.
    expect(adminApiEnabled('auto', '127.0.0.1', 'https://aps.example.com')).toBe(false);
    expect(adminApiEnabled('on', '0.0.0.0', 'https://aps.example.com')).toBe(true);
    expect(adminApiEnabled('off', '127.0.0.1', undefined)).toBe(false);
  });

  it('answers a loopback socket and refuses one from another address with 403', async () => {
    const app = new Hono().use('*', fromThisMachineOnly()).get('/', (c) => c.text('ok'));
    const server = serve({ fetch: app.fetch, port: 0, hostname: outsideAddress ? '0.0.0.0' : '127.0.0.1' });
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');
      if (!outsideAddress) return console.log('no address besides loopback here: the refusal is not exercised');
      const refused = await fetch(`http://${outsideAddress}:${port}/`);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        developerMessage: expect.stringContaining('only requests from this machine'),
      });
    } finally {
      server.close();
    }
  });
});

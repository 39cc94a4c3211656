import { serve } from '@hono/node-server';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { TestPlatform } from './test-platform';

/**
 * Serves a test platform on a free loopback port, for clients that need a real socket (the
 * official SDKs). The issuer becomes the listening URL, so tokens and signed URLs point at it.
 */
export async function listen(platform: TestPlatform): Promise<{ url: string; close(): Promise<void> }> {
  const server = serve({ fetch: platform.app.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  platform.deps.config.issuer = url;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}

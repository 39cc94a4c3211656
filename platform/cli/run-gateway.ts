import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createGateway } from '../gateway/gateway';
import type { GatewayCliOptions } from './gateway-options';
import { closeOnlyIdleConnections } from '../http/server-timeouts';

/** `platform gateway`: the gateway to Autodesk Platform Services until SIGINT or SIGTERM. */
export async function runGateway({ config, port, host }: GatewayCliOptions): Promise<void> {
  const server = serve({ fetch: createGateway({ config }).fetch, port, hostname: host });
  closeOnlyIdleConnections(server);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const listening = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  config.publicUrl ||= `http://${shownHost}:${listening}`;
  console.log(`gateway listening on http://${shownHost}:${listening}`);
  const stop = (signal: string) => {
    console.log(`gateway stopping (${signal})`);
    server.close();
    if ('closeAllConnections' in server) server.closeAllConnections();
    process.exit(0);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

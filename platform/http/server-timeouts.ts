import { Server } from 'node:http';
import type { ServerType } from '@hono/node-server';

/** How long a connection may send and receive nothing before it is closed. */
export const IDLE_CONNECTION_MS = 300_000;

/**
 * Node closes a request not received whole within 5 minutes (`requestTimeout`): a 16 MiB part of
 * the app's upload, one of four at a time over a 1 Mbit/s uplink, takes about 9. As S3 does, a
 * request is closed when its connection goes idle instead, however long it takes while bytes flow;
 * its headers must still come within Node's 60 seconds (`headersTimeout`).
 */
export function closeOnlyIdleConnections(server: ServerType, idleMs = IDLE_CONNECTION_MS): void {
  if (!(server instanceof Server)) return;
  server.requestTimeout = 0;
  server.setTimeout(idleMs, (socket) => socket.destroy());
}

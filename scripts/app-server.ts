import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  APP_CONFIG_PATH,
  DEFAULT_APP_SCOPES,
  DEFAULT_CALLBACK_PATH,
  type AppRuntimeConfig,
} from '../contracts/app-config';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
};

export interface AppServer {
  origin: string;
  setConfig(config: AppRuntimeConfig): void;
  close(): Promise<void>;
}

/**
 * Serves the built app: its files, `index.html` for every route the client-side router owns,
 * and the runtime config that tells the app which platform to use.
 */
export async function startAppServer(distDir: string, host: string, port: number): Promise<AppServer> {
  const root = path.resolve(distDir);
  let config: AppRuntimeConfig | undefined;
  const server: Server = createServer((request, response) => void serveFile(request, response));
  async function serveFile(request: IncomingMessage, response: ServerResponse) {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://local').pathname);
    } catch {
      response.writeHead(400).end('Bad request path');
      return;
    }
    if (pathname === APP_CONFIG_PATH) {
      response.writeHead(config ? 200 : 503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      response.end(JSON.stringify(config ?? { error: 'The platform is still starting.' }));
      return;
    }
    const file = path.join(root, path.normalize(pathname));
    const inside = file.startsWith(root + path.sep);
    const found = inside && (await stat(file).catch(() => undefined))?.isFile();
    const target = found ? file : path.join(root, 'index.html');
    const immutable = found && pathname.startsWith('/assets/');
    response.writeHead(200, {
      'Content-Type': TYPES[path.extname(target)] ?? 'application/octet-stream',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
    createReadStream(target).pipe(response);
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    origin: `http://${shownHost}:${address.port}`,
    setConfig: (next) => {
      config = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The runtime config that points the app at a local platform and its demo app. */
export const localPlatformConfig = (platformUrl: string, clientId: string): AppRuntimeConfig => ({
  platformUrl,
  platformName: 'Local platform',
  clientId,
  callbackPath: DEFAULT_CALLBACK_PATH,
  scopes: DEFAULT_APP_SCOPES,
});

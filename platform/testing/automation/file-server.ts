import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/**
 * A small HTTP server on a free loopback port, standing in for the places inputs come from and
 * outputs go to: `GET /files/NAME` serves what `files` holds (404 when absent), `PUT|POST|PATCH
 * /files/NAME` stores the body, `/status/CODE` answers CODE, `/redirect/NAME` sends a 302 to
 * `/files/NAME`, a path in `redirects` its redirect (anywhere). Every request is recorded.
 */
export interface FileServer {
  url: string;
  files: Map<string, Buffer>;
  redirects: Map<string, { status: number; location: string }>;
  requests: ReceivedRequest[];
  /** Connections the server accepted, whether or not a request came. */
  connections(): number;
  close(): Promise<void>;
}

function respond(server: Pick<FileServer, 'files' | 'redirects'>, request: ReceivedRequest, response: ServerResponse) {
  const [, kind, name = ''] = request.path.split('/');
  const redirect = server.redirects.get(request.path);
  if (redirect) {
    response.writeHead(redirect.status, { Location: redirect.location }).end();
  } else if (kind === 'status') {
    response.writeHead(Number(name) || 500, { 'Content-Type': 'text/plain' }).end(`answered ${name}`);
  } else if (kind === 'redirect') {
    response.writeHead(302, { Location: `/files/${name}` }).end();
  } else if (kind === 'files' && (request.method === 'GET' || request.method === 'HEAD')) {
    const file = server.files.get(decodeURIComponent(name));
    if (!file) response.writeHead(404, { 'Content-Type': 'text/plain' }).end('no such file');
    else
      response
        .writeHead(200, { 'Content-Length': file.length, 'Content-Type': 'application/octet-stream' })
        .end(request.method === 'HEAD' ? undefined : file);
  } else if (kind === 'files') {
    server.files.set(decodeURIComponent(name), request.body);
    response.writeHead(200).end();
  } else response.writeHead(404).end();
}

export async function startFileServer(): Promise<FileServer> {
  const files = new Map<string, Buffer>();
  const redirects: FileServer['redirects'] = new Map();
  const requests: ReceivedRequest[] = [];
  let connections = 0;
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request = {
        method: incoming.method ?? 'GET',
        path: (incoming.url ?? '/').split('?')[0] as string,
        headers: incoming.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(request);
      respond({ files, redirects }, request, response);
    });
  });
  server.on('connection', () => (connections += 1));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    files,
    redirects,
    requests,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/** One request the gateway sends on: streamed both ways, never read into memory here. */
export interface Forward {
  url: string;
  method: string;
  headers: Headers;
  /** A Node stream (the socket's own request under node-server) skips two web-stream conversions. */
  body: ReadableStream<Uint8Array> | Readable | string | null;
  /** Aborted when the browser goes away, which then cancels the upstream request too. */
  signal: AbortSignal;
}

export type UpstreamFetch = (request: Forward) => Promise<Response>;

const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

function responseFrom(incoming: IncomingMessage, method: string): Response {
  const headers = new Headers();
  for (let index = 0; index < incoming.rawHeaders.length; index += 2)
    headers.append(incoming.rawHeaders[index]!, incoming.rawHeaders[index + 1]!);
  const status = incoming.statusCode ?? 502;
  const empty = method === 'HEAD' || status === 204 || status === 304;
  if (empty) incoming.resume();
  const body = empty ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>);
  return new Response(body, { status, statusText: incoming.statusMessage ?? '', headers });
}

/**
 * Sends a request upstream over node:http(s). Not fetch: Node 20's fetch reads a streamed request
 * body as fast as the browser sends it, whatever the upstream takes (a 300 MB upload grew the
 * gateway by 300 MB), while `pipeline` into the socket waits for it to drain. Bodies are not
 * decoded, so `Content-Encoding` and `Content-Length` stay true; redirects come back unfollowed.
 */
export const nodeFetch: UpstreamFetch = (forward) =>
  new Promise((resolve, reject) => {
    const url = new URL(forward.url);
    const secure = url.protocol === 'https:';
    const headers: Record<string, string> = Object.fromEntries(forward.headers);
    const hasBody = forward.body !== null && forward.method !== 'GET' && forward.method !== 'HEAD';
    if (typeof forward.body === 'string') headers['content-length'] = String(Buffer.byteLength(forward.body));
    const outgoing = (secure ? httpsRequest : httpRequest)(url, {
      method: forward.method,
      headers,
      signal: forward.signal,
      agent: secure ? agents.https : agents.http,
    });
    outgoing.on('response', (incoming) => resolve(responseFrom(incoming, forward.method)));
    outgoing.on('error', reject);
    if (!hasBody) outgoing.end();
    else if (typeof forward.body === 'string') outgoing.end(forward.body);
    else {
      const source =
        forward.body instanceof Readable
          ? forward.body
          : Readable.fromWeb(forward.body as NodeReadableStream<Uint8Array>);
      pipeline(source, outgoing).catch((error: Error) => outgoing.destroy(error));
    }
  });

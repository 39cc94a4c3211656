import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { setAnswerHeaders } from './response-headers';

const gzipAsync = promisify(gzip);
/** Smaller answers are not worth the work: nginx's and Hono's compressions use floors like it. */
export const MIN_COMPRESSED_BYTES = 1024;
// The fastest level: nearly level 6's size in a quarter of its time (docs/decisions/0004-compression.md).
const LEVEL = 1;
// Below this, compressing here (well under 0.1 ms) costs less than a round trip through libuv's threads.
const COMPRESSED_HERE_BELOW = 64 * 1024;
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;
const NOT_COMPRESSED = new Set([204, 206, 304]);

/** Answers whose body bytes are known: read from here rather than back out of the answer. */
const knownBodies = new WeakMap<Response, Uint8Array<ArrayBuffer>>();
/** One compression of bytes that go out again and again (a remembered folder page). */
const compressedBodies = new WeakMap<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>();

/** An answer of these bytes, which the compression reads without reading the answer. */
export function answerWithBytes(bytes: Uint8Array<ArrayBuffer>, init: ResponseInit): Response {
  const answer = new Response(bytes, init);
  knownBodies.set(answer, bytes);
  return answer;
}

/** The bytes of an answer made by `answerWithBytes`, for a reader that must leave the answer as it is. */
export function knownBodyOf(answer: Response): Uint8Array<ArrayBuffer> | undefined {
  return knownBodies.get(answer);
}

async function compress(body: Uint8Array<ArrayBuffer>, known: boolean): Promise<Uint8Array<ArrayBuffer>> {
  const kept = known ? compressedBodies.get(body) : undefined;
  if (kept) return kept;
  const output =
    body.byteLength < COMPRESSED_HERE_BELOW
      ? gzipSync(body, { level: LEVEL })
      : await gzipAsync(body, { level: LEVEL });
  // zlib's output is a Buffer of its own, never a view of shared memory.
  const compressed = output as Uint8Array<ArrayBuffer>;
  if (known) compressedBodies.set(body, compressed);
  return compressed;
}

/** Whether an Accept-Encoding lets the answer go as gzip (RFC 9110 12.5.3): named, or `*`, with a q above 0. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let named: number | undefined;
  let any: number | undefined;
  for (const part of header.split(',')) {
    const [coding = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => /^q\s*=/.test(parameter));
    const weight = q === undefined ? 1 : Number(q.replace(/^q\s*=\s*/, ''));
    if (Number.isNaN(weight)) continue;
    if (coding === 'gzip' || coding === 'x-gzip') named = weight;
    else if (coding === '*') any = weight;
  }
  return (named ?? any ?? 0) > 0;
}

/**
 * JSON answers built in memory go gzip-compressed to a client that accepts it, as APS answers: its
 * Model Derivative reference says so for manifests, trees and properties, and browsers and the
 * official clients always ask. File downloads carry their Content-Length and honour Range; they go
 * as stored. Replacing the answer whole keeps it one buffer, which Node's server sends in one go.
 */
export function compressJsonAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const answer = c.res;
    const headers = answer.headers;
    // An answer with its own length, encoding or entity tag is a stored file's: compressing it would change what they name.
    const builtJson =
      JSON_TYPE.test(headers.get('content-type') ?? '') &&
      !['content-length', 'content-encoding', 'etag'].some((name) => headers.has(name));
    if (!builtJson || NOT_COMPRESSED.has(answer.status) || /\bno-transform\b/i.test(headers.get('cache-control') ?? ''))
      return;
    if (c.req.method === 'HEAD' || !acceptsGzip(c.req.header('accept-encoding'))) {
      setAnswerHeaders(c, {}, 'Accept-Encoding');
      return;
    }
    const known = knownBodies.get(answer);
    const body = known ?? new Uint8Array(await answer.arrayBuffer());
    const compressed = body.byteLength >= MIN_COMPRESSED_BYTES ? await compress(body, known !== undefined) : undefined;
    const replaced = new Headers(headers);
    if (compressed) replaced.set('Content-Encoding', 'gzip');
    replaced.append('Vary', 'Accept-Encoding');
    // Unset first: Hono would otherwise wrap the new answer's body in a stream to carry the old one's headers over.
    c.res = undefined;
    c.res = new Response(compressed ?? body, {
      status: answer.status,
      statusText: answer.statusText,
      headers: replaced,
    });
  };
}

/**
 * The platform's own URLs answered in-process (a workitem's inputs and outputs) as a network fetch
 * hands them over: fetch asks for gzip and decodes it itself, so here nothing is asked to be encoded.
 */
export function decodedInProcess(
  fetchApp: (request: Request) => Response | Promise<Response>,
): (request: Request) => Promise<Response> {
  return (request) => {
    const decoded = new Request(request);
    decoded.headers.delete('accept-encoding');
    return Promise.resolve(fetchApp(decoded));
  };
}

import type { Context } from 'hono';
import { IncomingMessage } from 'node:http';
import { answerWithBytes, knownBodyOf } from '../http/compression';

/** The first bytes of a body, and what is known of the rest. */
export interface CapturedBytes {
  bytes: Uint8Array;
  truncated: boolean;
  /** The whole body's size when it was seen to its end. */
  size: number | null;
}

const TEXT_TYPE =
  /^(?:text\/[\w.+-]+|application\/(?:[\w.-]+\+)?(?:json|xml)|application\/(?:x-www-form-urlencoded|javascript|x-ndjson))\s*(?:;|$)/i;

/** Bodies worth reading as text; any other (files, multipart, encoded) is recorded by its size only. */
export function isTextLike(contentType: string | null, contentEncoding: string | null = null): boolean {
  const encoded = contentEncoding !== null && !/^\s*identity\s*$/i.test(contentEncoding);
  return !encoded && TEXT_TYPE.test(contentType ?? '');
}

class Sink {
  private readonly chunks: Uint8Array[] = [];
  private kept = 0;
  total = 0;
  ended = false;
  constructor(private readonly limit: number) {}

  add(chunk: Uint8Array): void {
    this.total += chunk.byteLength;
    if (this.kept >= this.limit) return;
    const part = chunk.subarray(0, this.limit - this.kept);
    this.chunks.push(part);
    this.kept += part.byteLength;
  }

  result(): CapturedBytes {
    const bytes = Buffer.concat(this.chunks);
    return { bytes, truncated: this.total > this.kept || !this.ended, size: this.ended ? this.total : null };
  }
}

export interface RequestCapture {
  /** What was seen by now: a body the handler never read was never seen. */
  result(): Promise<CapturedBytes | null>;
}

const NOTHING: RequestCapture = { result: () => Promise.resolve(null) };

/**
 * Watches a Node request's body as its reader takes it: a listener added when the reader adds its
 * own, so the stream's flow and back-pressure stay the reader's, and nothing is read that it does
 * not read. Its chunks are counted; the first `limit` bytes are copied.
 */
function watchIncoming(incoming: IncomingMessage, limit: number): RequestCapture {
  if (incoming.readableDidRead) return NOTHING;
  const sink = new Sink(limit);
  const onData = (chunk: Buffer | string) => sink.add(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  const onEnd = () => {
    sink.ended = true;
    incoming.off('data', onData);
  };
  const onNewListener = (event: string | symbol) => {
    if (event !== 'data') return;
    incoming.off('newListener', onNewListener);
    incoming.on('data', onData);
    incoming.once('end', onEnd);
  };
  incoming.on('newListener', onNewListener);
  return {
    result: () => {
      incoming.off('newListener', onNewListener);
      return Promise.resolve(sink.ended || sink.total > 0 ? sink.result() : null);
    },
  };
}

/** Resolves after the promises already settling have settled: what is ready is taken, nothing is waited for. */
const PENDING = Symbol('pending');
const soon = () => new Promise<typeof PENDING>((resolve) => setImmediate(resolve, PENDING));

/**
 * A web request's body (tests, in-process calls): a clone, which tees it. The clone's branch is read
 * up to `limit` and then cancelled, so the tee holds at most that much for the handler's branch.
 */
function watchWebRequest(request: Request, limit: number): RequestCapture {
  if (!request.body || request.bodyUsed) return NOTHING;
  const reader = (request.clone().body as ReadableStream<Uint8Array>).getReader();
  const sink = new Sink(limit);
  const reading = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        sink.ended = true;
        break;
      }
      sink.add(value);
      if (sink.total >= limit) {
        await reader.cancel();
        break;
      }
    }
  })().catch(() => undefined);
  return {
    result: async () => {
      await Promise.race([reading, soon()]);
      return sink.total > 0 || sink.ended ? sink.result() : null;
    },
  };
}

export function captureRequestBody(c: Context, limit: number): RequestCapture {
  if (!isTextLike(c.req.header('content-type') ?? null, c.req.header('content-encoding') ?? null)) return NOTHING;
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (incoming instanceof IncomingMessage) return watchIncoming(incoming, limit);
  return watchWebRequest(c.req.raw, limit);
}

function joined(chunks: Uint8Array[], length: number): Uint8Array<ArrayBuffer> {
  // One chunk (an answer built in memory) is sent as it is, not copied. Never shared memory: a stream's chunk.
  if (chunks.length === 1) return chunks[0] as Uint8Array<ArrayBuffer>;
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The first `limit` bytes of a text answer, of those it has ready: it is never waited for. An answer
 * that ends by then (one built in memory, the usual JSON) is put back as one buffer, which Node's
 * server sends in one write; any other goes on as a stream of the bytes read and then the rest.
 */
export async function captureResponseBody(c: Context, limit: number): Promise<CapturedBytes | null> {
  const answer = c.res;
  const headers = answer.headers;
  if (c.req.method === 'HEAD' || !isTextLike(headers.get('content-type'), headers.get('content-encoding'))) return null;
  // Read aside, the answer stays the one whose compression is kept (a remembered folder page).
  const known = knownBodyOf(answer);
  if (known) return { bytes: known.subarray(0, limit), truncated: known.byteLength > limit, size: known.byteLength };
  const body = answer.body as ReadableStream<Uint8Array> | null;
  if (!body) return null;
  const reader = body.getReader();
  const sink = new Sink(limit);
  const read: Uint8Array[] = [];
  let pending: ReturnType<typeof reader.read> | null = null;
  // Past the limit one more read looks for the end: a long answer built in memory stays one buffer.
  let looked = false;
  for (;;) {
    if (sink.total >= limit) {
      if (looked) break;
      looked = true;
    }
    const next = reader.read();
    // Kept for the stream below; marked handled in case its reader never comes.
    next.catch(() => undefined);
    const result = await Promise.race([next, soon()]);
    if (result === PENDING) {
      pending = next;
      break;
    }
    if (result.done) {
      sink.ended = true;
      break;
    }
    read.push(result.value);
    sink.add(result.value);
  }
  const init = { status: answer.status, statusText: answer.statusText, headers: new Headers(headers) };
  // Unset first: Hono would otherwise wrap the new answer in a stream to carry the old one's headers over.
  c.res = undefined;
  // As known bytes, the compression around this takes them without reading the answer again.
  if (sink.ended) c.res = answerWithBytes(joined(read, sink.total), init);
  else
    c.res = new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of read) controller.enqueue(chunk);
        },
        async pull(controller) {
          const { done, value } = await (pending ?? reader.read());
          pending = null;
          if (done) controller.close();
          else controller.enqueue(value);
        },
        cancel: (reason) => reader.cancel(reason),
      }),
      init,
    );
  const captured = sink.result();
  const length = Number(headers.get('content-length') ?? NaN);
  return { ...captured, size: captured.size ?? (Number.isFinite(length) ? length : null) };
}

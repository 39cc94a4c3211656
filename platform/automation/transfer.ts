import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

export class TransferError extends Error {
  constructor(
    message: string,
    /** A size limit stopped it: a data-size failure rather than a transfer's. */
    readonly overLimit = false,
  ) {
    super(message);
    this.name = 'TransferError';
  }
}

export interface TransferRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
}

const MAX_REDIRECTS = 5;

/**
 * Sends a request through `fetch` following redirects itself, one hop at a time, so that every
 * address reached passes the same fetch (which refuses hosts the operator has not allowed).
 */
async function fetchFollowing(fetcher: typeof fetch, request: TransferRequest, signal: AbortSignal): Promise<Response> {
  let url = request.url;
  for (let hop = 0; ; hop++) {
    const response = await fetcher(url, { method: request.method.toUpperCase(), headers: request.headers, redirect: 'manual', signal });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return response;
    await response.body?.cancel();
    if (hop >= MAX_REDIRECTS) throw new TransferError(`More than ${MAX_REDIRECTS} redirects.`);
    url = new URL(location, url).href;
  }
}

async function failureOf(response: Response): Promise<TransferError> {
  const text = (await response.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 200);
  return new TransferError(`The server answered ${response.status} ${response.statusText}${text ? `: ${text}` : ''}`);
}

/**
 * Streams a URL's answer into `file` (created, never through a link); at most `maxBytes`. Returns
 * the byte count. A request with a body (an `ondemand` call's data) follows no redirect.
 */
export async function download(fetcher: typeof fetch, request: TransferRequest, file: string, maxBytes: number, signal: AbortSignal, body?: string): Promise<number> {
  const response = body
    ? await fetcher(request.url, { method: request.method.toUpperCase(), headers: request.headers, body, redirect: 'manual', signal })
    : await fetchFollowing(fetcher, request, signal);
  if (!response.ok) throw await failureOf(response);
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new TransferError(`The input is ${declared} bytes, more than the ${maxBytes} bytes left for downloads.`, true);
  }
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) done(new TransferError(`The input is more than the ${maxBytes} bytes left for downloads.`, true));
      else done(null, chunk);
    },
  });
  const source = response.body ? Readable.fromWeb(response.body as WebReadableStream<Uint8Array>) : Readable.from([]);
  const handle = await open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW);
  await pipeline(source, counter, handle.createWriteStream(), { signal });
  return bytes;
}

/** Answers whether a HEAD request succeeds: a `head` input is checked, not fetched. */
export async function probe(fetcher: typeof fetch, request: TransferRequest, signal: AbortSignal): Promise<void> {
  const response = await fetchFollowing(fetcher, { ...request, method: 'HEAD' }, signal);
  if (!response.ok) throw await failureOf(response);
}

/** Streams `file` (of `size` bytes) to a URL, with its length declared as signed storage URLs need. */
export async function upload(fetcher: typeof fetch, request: TransferRequest, file: string, size: number, signal: AbortSignal): Promise<void> {
  const hasLength = Object.keys(request.headers).some((name) => name.toLowerCase() === 'content-length');
  const headers = hasLength ? request.headers : { ...request.headers, 'Content-Length': String(size) };
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  const body = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
  const response = await fetcher(request.url, { method: request.method.toUpperCase(), headers, body, duplex: 'half', redirect: 'manual', signal } as RequestInit);
  if (!response.ok) throw await failureOf(response);
  await response.body?.cancel();
}

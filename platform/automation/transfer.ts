import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { fetchFollowingRedirects } from './redirects';

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
  /** The argument's headers: not sent on to another origin a redirect leads to (see fetchFollowingRedirects). */
  headers: Record<string, string>;
  /** A report line, e.g. that a redirect left the argument's headers behind. */
  log?: (line: string) => void;
}

async function failureOf(response: Response): Promise<TransferError> {
  const text = (await response.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 200);
  return new TransferError(`The server answered ${response.status} ${response.statusText}${text ? `: ${text}` : ''}`);
}

/**
 * Streams a URL's answer into `file` (created, never through a link); at most `maxBytes`. Returns
 * the byte count. `body` is an `ondemand` call's data.
 */
export async function download(
  fetcher: typeof fetch,
  request: TransferRequest,
  file: string,
  maxBytes: number,
  signal: AbortSignal,
  body?: string,
): Promise<number> {
  const response = await fetchFollowingRedirects(fetcher, { ...request, signal, body: body ? () => body : undefined });
  if (!response.ok) throw await failureOf(response);
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new TransferError(
      `The input is ${declared} bytes, more than the ${maxBytes} bytes left for downloads.`,
      true,
    );
  }
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes)
        done(new TransferError(`The input is more than the ${maxBytes} bytes left for downloads.`, true));
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
  const response = await fetchFollowingRedirects(fetcher, { ...request, method: 'HEAD', signal });
  if (!response.ok) throw await failureOf(response);
}

/**
 * Streams `file` (of `size` bytes) to a URL, with its length declared as signed storage URLs need;
 * opened again for each hop a 307 or 308 asks to send it to.
 */
export async function upload(
  fetcher: typeof fetch,
  request: TransferRequest,
  file: string,
  size: number,
  signal: AbortSignal,
): Promise<void> {
  const body = async () => {
    const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    return Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
  };
  const response = await fetchFollowingRedirects(fetcher, {
    ...request,
    ownHeaders: { 'Content-Length': String(size) },
    body,
    signal,
  });
  if (!response.ok) throw await failureOf(response);
  await response.body?.cancel();
}

import type { Context } from 'hono';
import { IncomingMessage } from 'node:http';
import { ossError } from '../../http/errors';
import {
  BlobLengthError,
  BlobTooLargeError,
  type BlobBody,
  type BlobWriteOptions,
  type BlobWritten,
} from '../../storage/blobs/blob-store';
import type { OssContext } from './context';
import { MAX_USER_METADATA_BYTES } from './limits';
import type { ObjectMetadata } from './objects';

const empty = () => new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });

/** Streams a request body into a new blob: 413 past the cap, 400 when it does not match its Content-Length. */
export async function writeBody(
  oss: OssContext,
  body: BlobBody | null,
  options: BlobWriteOptions,
): Promise<BlobWritten>;
export async function writeBody(
  oss: OssContext,
  body: BlobBody | null,
  options: BlobWriteOptions,
  hashed: false,
): Promise<Omit<BlobWritten, 'sha1'>>;
export async function writeBody(
  oss: OssContext,
  body: BlobBody | null,
  options: BlobWriteOptions,
  hashed = true,
): Promise<Omit<BlobWritten, 'sha1'>> {
  if (options.expectedBytes !== undefined && options.expectedBytes > options.maxBytes) {
    throw ossError(413, `The body is larger than ${options.maxBytes} bytes.`);
  }
  try {
    return await (hashed
      ? oss.blobs.write(body ?? empty(), options)
      : oss.blobs.writeUnhashed(body ?? empty(), options));
  } catch (error) {
    if (error instanceof BlobTooLargeError) throw ossError(413, error.message);
    if (error instanceof BlobLengthError) throw ossError(400, error.message);
    throw error;
  }
}

async function* wholeRequest(incoming: IncomingMessage): AsyncGenerator<Uint8Array> {
  // Not destroyed when the store stops early (a body over the cap): the 413 must still reach the client.
  for await (const chunk of incoming.iterator({ destroyOnReturn: false })) yield chunk as Buffer;
  if (!incoming.complete) throw new BlobLengthError('The request ended before its body was complete.');
}

/**
 * The request body as chunks. On @hono/node-server the Node request is read directly: the web
 * stream the adapter wraps it in costs tens of microseconds per 64 KiB chunk, a second per GiB.
 * Elsewhere (`app.request()` in tests) the web stream is used.
 */
export function requestBody(c: Context): BlobBody | null {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (incoming instanceof IncomingMessage && !incoming.readableDidRead) return wholeRequest(incoming);
  return c.req.raw.body;
}

export function contentLength(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  if (!/^\d{1,16}$/.test(header)) throw ossError(400, 'Content-Length must be a whole number of bytes.');
  return Number(header);
}

const bounded = (value: string | undefined, name: string) => {
  if (value !== undefined && value.length > 1024) throw ossError(400, `${name} is longer than 1024 characters.`);
  return value;
};

/** Object metadata from headers named `${prefix}Content-Type` etc., and `x-ads-user-defined-metadata`. */
export function metadataFrom(header: (name: string) => string | undefined, prefix: string): ObjectMetadata {
  const userMetadata = header('x-ads-user-defined-metadata');
  if (userMetadata !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(userMetadata);
    } catch {
      parsed = undefined;
    }
    if (
      typeof parsed !== 'object' ||
      parsed === null ||
      Array.isArray(parsed) ||
      Buffer.byteLength(userMetadata) >= MAX_USER_METADATA_BYTES
    ) {
      throw ossError(
        400,
        `x-ads-user-defined-metadata must be a JSON object of less than ${MAX_USER_METADATA_BYTES} bytes.`,
      );
    }
  }
  return {
    contentType: bounded(header(`${prefix}Content-Type`), `${prefix}Content-Type`),
    contentDisposition: bounded(header(`${prefix}Content-Disposition`), `${prefix}Content-Disposition`),
    contentEncoding: bounded(header(`${prefix}Content-Encoding`), `${prefix}Content-Encoding`),
    cacheControl: bounded(header(`${prefix}Cache-Control`), `${prefix}Cache-Control`),
    userMetadata,
  };
}

/** An ETag or If-Match value as a bare lowercase SHA-1: quotes and a weak prefix dropped. */
export const bareTag = (tag: string): string => tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '').toLowerCase();

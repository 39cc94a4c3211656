import { ossError } from '../../http/errors';
import type { ResumableChunk } from '../../storage/repos/oss-resumable';

/** Every chunk but the one that ends the object must have at least this much ("chunks must be larger than 2 MB"). */
export const MIN_CHUNK_BYTES = 2 * 1024 * 1024;

export interface ChunkRange {
  start: number;
  end: number;
  total: number;
}

// RFC 9110 §14.4's form, which the OpenAPI's pattern also gives: `bytes 0-2097151/7340032`.
const CONTENT_RANGE = /^bytes (\d{1,15})-(\d{1,15})\/(\d{1,15})$/;
// Characters that survive in a URL path unencoded, so the same id also names `…/status/{sessionId}`.
const SESSION_ID = /^[A-Za-z0-9._~!$&'()*+,;=:@-]{1,256}$/;

export function sessionIdHeader(value: string | undefined): string {
  if (value === undefined || value === '')
    throw ossError(400, 'The Session-Id header is required: it names the upload session.');
  if (!SESSION_ID.test(value)) {
    throw ossError(
      400,
      "Session-Id must be 1 to 256 letters, digits or the characters . _ ~ ! $ & ' ( ) * + , ; = : @ -",
    );
  }
  return value;
}

/** `Content-Range: bytes {start}-{end}/{total}`, the end inclusive: 416 when missing or outside the object. */
export function contentRangeHeader(value: string | undefined): ChunkRange {
  if (value === undefined)
    throw ossError(416, 'The Content-Range header is missing: send bytes {start}-{end}/{total}.');
  const match = CONTENT_RANGE.exec(value.trim());
  if (!match)
    throw ossError(
      400,
      `Content-Range must read bytes {start}-{end}/{total}, not ${JSON.stringify(value.slice(0, 60))}.`,
    );
  const [start, end, total] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (end < start || end >= total)
    throw ossError(416, `Content-Range ${match[0]} is not satisfiable: it needs start <= end < total.`);
  return { start, end, total };
}

/** The byte ranges received, merged where they touch: `bytes=0-4194303,6291456-8388607`. */
export function receivedRanges(chunks: readonly ResumableChunk[]): string {
  const merged: [number, number][] = [];
  for (const chunk of chunks) {
    const last = merged.at(-1);
    if (last && last[1] + 1 === chunk.start) last[1] = chunk.start + chunk.size - 1;
    else merged.push([chunk.start, chunk.start + chunk.size - 1]);
  }
  return `bytes=${merged.map(([first, last]) => `${first}-${last}`).join(',')}`;
}

/** Whether the chunks, in byte order, cover the whole object from its first byte to its last. */
export function coversAll(chunks: readonly ResumableChunk[], total: number): boolean {
  let next = 0;
  for (const chunk of chunks) {
    if (chunk.start !== next) return false;
    next += chunk.size;
  }
  return next === total;
}

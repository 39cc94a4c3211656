import { answerWithBytes } from './compression';

/**
 * A JSON body encoded once, as bytes: a string answer is measured for its Content-Length and then
 * encoded again.
 */
export const jsonBytes = (value: unknown): Uint8Array<ArrayBuffer> => Buffer.from(JSON.stringify(value));

/** A JSON answer of bytes already encoded (a kept page), with the type Hono's `c.json` gives. */
export function jsonAnswer(bytes: Uint8Array<ArrayBuffer>, status = 200): Response {
  return answerWithBytes(bytes, { status, headers: { 'Content-Type': 'application/json' } });
}

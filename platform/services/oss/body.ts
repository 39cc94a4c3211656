import type { Context } from 'hono';
import { ossError } from '../../http/errors';
import { jsonTextProblem } from '../../http/text-rules';
import { MAX_JSON_BYTES } from './limits';

/**
 * Reads a JSON object body without trusting its size: a declared or actual length over the cap is
 * refused with 413 before anything is parsed. With `optional`, no body or an empty one reads as `{}`.
 */
export async function readJsonObject(
  c: Context,
  maxBytes = MAX_JSON_BYTES,
  options: { optional?: boolean } = {},
): Promise<Record<string, unknown>> {
  const notJson = !/^application\/(vnd\.api\+)?json\b/i.test(c.req.header('content-type') ?? '');
  const wrongType = () => ossError(400, 'The body must be JSON, sent with Content-Type: application/json.');
  if (notJson && !options.optional) throw wrongType();
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > maxBytes) throw ossError(413, `The body is larger than ${maxBytes} bytes.`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const body = c.req.raw.body;
  if (body) {
    // Node's types leave a request body's chunks untyped; fetch gives bytes.
    const reader = body.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw ossError(413, `The body is larger than ${maxBytes} bytes.`);
      }
      chunks.push(value);
    }
  }
  if (options.optional && size === 0) return {};
  if (notJson) throw wrongType();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw ossError(400, 'The body is not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw ossError(400, 'The body must be a JSON object.');
  const unstorable = jsonTextProblem(parsed);
  if (unstorable) throw ossError(400, unstorable);
  return parsed as Record<string, unknown>;
}

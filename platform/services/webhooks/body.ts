import type { Context } from 'hono';
import { webhooksError } from '../../http/errors';
import { jsonTextProblem } from '../../http/text-rules';

// Far above any hook's body (its attribute is under 1 KB), far below what would cost memory.
const MAX_BODY_BYTES = 64 * 1024;

export const badInput = (message: string) => webhooksError(400, 'BAD_INPUT', message);

/** The JSON object a create, a PATCH or a token call sends; text storage cannot hold (a NUL) is refused. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  if (Number(c.req.header('content-length') ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  const text = await c.req.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw tooLarge();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badInput('The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw badInput('The request body must be a JSON object.');
  const unstorable = jsonTextProblem(body);
  if (unstorable) throw badInput(unstorable);
  return body as Record<string, unknown>;
}

const tooLarge = () => webhooksError(413, 'TOO_LARGE', `The request body is larger than ${MAX_BODY_BYTES} bytes.`);

import type { Context } from 'hono';
import type { z } from 'zod';
import { jsonApiError } from '../../http/errors';
import { jsonTextProblem } from '../../http/text-rules';

const MAX_BODY = 1024 * 1024;
const FORBIDDEN_NAME = /[<>:"/\\|?*'\n\r\t\0\f¢™$®]/;

export const badInput = (detail: string) => jsonApiError(400, 'BAD_INPUT', 'Bad input', detail);

/**
 * The route's request body, parsed by its schema (see request-bodies) into a typed value. The
 * service names one problem at a time: the first the schema finds.
 */
export async function readBody<Schema extends z.ZodType>(c: Context, schema: Schema): Promise<z.output<Schema>> {
  const parsed = schema.safeParse(await readDocument(c));
  if (!parsed.success) throw badInput(parsed.error.issues[0]!.message);
  return parsed.data;
}

/** A JSON:API request body: the right media type, a size cap, valid JSON with a `data` object. */
async function readDocument(c: Context): Promise<{ data: Record<string, unknown>; included?: unknown[] }> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/vnd.api+json') && !type.startsWith('application/json')) {
    throw jsonApiError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Unsupported media type',
      'Send the body as application/vnd.api+json.',
    );
  }
  const text = await c.req.text();
  if (text.length > MAX_BODY)
    throw jsonApiError(413, 'TOO_LARGE', 'Request too large', 'The request body is larger than 1 MB.');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badInput('The request body is not valid JSON.');
  }
  if (!isObject(body) || !isObject(body['data']))
    throw badInput('The request body must be a JSON:API document with a data object.');
  const unstorable = jsonTextProblem(body);
  if (unstorable) throw badInput(unstorable);
  const included = body['included'];
  if (included !== undefined && !Array.isArray(included)) throw badInput('included must be an array.');
  return { data: body['data'], ...(included ? { included } : {}) };
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Names the service refuses: empty, too long, or with characters that break paths and URLs. */
export function nameProblem(name: string, label: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return `${label} must not be empty.`;
  if (trimmed.length > 255) return `${label} must be at most 255 characters.`;
  if (FORBIDDEN_NAME.test(trimmed))
    return `${label} must not contain any of < > : " / \\ | ? * ' $ ¢ ™ ® or control characters.`;
  return undefined;
}

export function checkName(name: string, label: string): string {
  const problem = nameProblem(name, label);
  if (problem) throw badInput(problem);
  return name.trim();
}

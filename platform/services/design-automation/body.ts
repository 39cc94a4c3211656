import type { Context } from 'hono';
import { designAutomationError } from '../../http/errors';

/** The real service's payload limit (`limitPayloadSizeInKB`). */
export const PAYLOAD_LIMIT_BYTES = 16 * 1024;

/** The JSON body, read up to `maxBytes`: a larger or malformed one gets 400 in the field-map form. */
export async function readJson(c: Context, maxBytes = PAYLOAD_LIMIT_BYTES): Promise<unknown> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Node's types leave a request body's chunks untyped; fetch gives bytes.
  const reader = c.req.raw.body?.getReader() as ReadableStreamDefaultReader<Uint8Array> | undefined;
  for (;;) {
    const next = await reader?.read();
    if (!next || next.done) break;
    size += next.value.byteLength;
    if (size > maxBytes) {
      await reader?.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(next.value);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) throw designAutomationError(400, { body: ['A non-empty JSON request body is required.'] });
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw designAutomationError(400, { body: [`The body is not valid JSON: ${(error as Error).message}`] });
  }
}

const tooLarge = (maxBytes: number) =>
  designAutomationError(400, {
    body: [`The request payload is larger than ${maxBytes / 1024} KB (limitPayloadSizeInKB).`],
  });

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A property read as the real service binds them, whatever the case of its name (its tutorials send
 * `commandline`); the first match wins.
 */
export function field(object: JsonObject, name: string): unknown {
  if (name in object) return object[name];
  const lower = name.toLowerCase();
  for (const key of Object.keys(object)) if (key.toLowerCase() === lower) return object[key];
  return undefined;
}

/** The body as an object, or 400. */
export function objectBody(value: unknown): JsonObject {
  if (!isObject(value)) throw designAutomationError(400, { body: ['The body must be a JSON object.'] });
  return value;
}

// Control characters other than tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** An optional string field: 400 when it is not a string, too long, or holds control characters. */
export function optionalText(value: unknown, name: string, maxLength = 1024): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw designAutomationError(400, { [name]: [`${name} must be a string.`] });
  if (value.length > maxLength)
    throw designAutomationError(400, { [name]: [`${name} is longer than ${maxLength} characters.`] });
  if (CONTROL.test(value)) throw designAutomationError(400, { [name]: [`${name} holds control characters.`] });
  return value;
}

export function requiredText(value: unknown, name: string, maxLength = 1024): string {
  const text = optionalText(value, name, maxLength);
  if (text === undefined || text === '')
    throw designAutomationError(400, { [name]: [`The ${name} field is required.`] });
  return text;
}

export function optionalBoolean(value: unknown, name: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw designAutomationError(400, { [name]: [`${name} must be true or false.`] });
  return value;
}

/** A map of string to string (HTTP headers), each name and value checked. */
export function optionalHeaders(value: unknown, name: string): Record<string, string> | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value))
    throw designAutomationError(400, { [name]: [`${name} must be an object of header names and values.`] });
  const headers: Record<string, string> = {};
  for (const [key, text] of Object.entries(value)) {
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/.test(key))
      throw designAutomationError(400, { [name]: [`'${key.slice(0, 100)}' is not a header name.`] });
    const checked = optionalText(text, `${name}.${key}`, 8192);
    if (checked === undefined || /[\r\n]/.test(checked))
      throw designAutomationError(400, { [name]: [`The header ${key} must have a one-line string value.`] });
    headers[key] = checked;
  }
  return headers;
}

import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A mistake in how a command was called: printed with the usage, exit code 2. */
export class UsageError extends Error {}

export type Options = NonNullable<ParseArgsConfig['options']>;

export function parse<T extends Options>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/^TypeError \[[A-Z_]+\]: /, ''));
  }
}

export function required(value: string | undefined, flag: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`${flag} is required.`);
  return value.trim();
}

export function port(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number > 65_535)
    throw new UsageError(`--port must be a whole number from 0 to 65535, not "${value}".`);
  return number;
}

export function positiveInt(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < 1)
    throw new UsageError(`${flag} must be a whole number of 1 or more, not "${value}".`);
  return number;
}

/** An absolute http(s) URL with no fragment; `originOnly` also forbids a path. */
export function url(value: string, flag: string, originOnly = false): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new UsageError(`${flag} must be an absolute URL, not "${value}".`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new UsageError(`${flag} must be an http or https URL, not "${value}".`);
  if (parsed.hash) throw new UsageError(`${flag} must not have a #fragment: "${value}".`);
  if (originOnly) {
    if (parsed.pathname !== '/' || parsed.search)
      throw new UsageError(`${flag} must be an origin like http://127.0.0.1:5173, not "${value}".`);
    return parsed.origin;
  }
  return value;
}

export const list = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : ([] as string[]).concat(value);

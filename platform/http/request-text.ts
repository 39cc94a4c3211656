import { createMiddleware } from 'hono/factory';
import type { HttpError } from './errors';
import { controlTextProblem } from './text-rules';

/** Where the refused text was: an id or name in the path, a query parameter, or the body. */
export type TextPlace = 'path' | 'query' | 'body';

/** Makes the refusal in the wire format of whatever owns `path`. */
export type TextRefusal = (place: TextPlace, path: string, message: string) => HttpError;

const decoded = (raw: string): string | undefined => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
};

/** Why a raw, percent-encoded path is refused, or undefined. */
export function pathProblem(rawPath: string): string | undefined {
  for (const segment of rawPath.split('/')) {
    const text = decoded(segment);
    if (text === undefined) return 'A path segment is not valid percent-encoded UTF-8.';
    const problem = controlTextProblem(text);
    if (problem) return `A path segment ${problem}.`;
  }
  return undefined;
}

/** Why a raw query string (without `?`) is refused, or undefined; names and values both count. */
export function queryProblem(rawQuery: string): string | undefined {
  if (!rawQuery) return undefined;
  for (const pair of rawQuery.split('&')) {
    const equals = pair.indexOf('=');
    const name = decoded((equals < 0 ? pair : pair.slice(0, equals)).replace(/\+/g, ' '));
    const value = equals < 0 ? '' : decoded(pair.slice(equals + 1).replace(/\+/g, ' '));
    if (name === undefined || value === undefined) return 'A query parameter is not valid percent-encoded UTF-8.';
    const problem = controlTextProblem(name) ?? controlTextProblem(value);
    if (problem) return `The query parameter ${JSON.stringify(name.slice(0, 60))} ${problem}.`;
  }
  return undefined;
}

/**
 * One check for every request before any handler reads it: path segments and query parameters,
 * percent-decoded, must be valid UTF-8 without control characters. Parsers elsewhere would turn a
 * broken escape into U+FFFD or keep it raw, and PostgreSQL refuses a NUL, so a 500 or a silently
 * different id were the alternatives. Read from the raw URL: Hono's own path is already decoded.
 */
export function requestTextCheck(refuse: TextRefusal) {
  return createMiddleware(async (c, next) => {
    const url = c.req.url;
    const start = url.indexOf('/', url.indexOf('://') + 3);
    const queryAt = url.indexOf('?', start);
    const hashAt = url.indexOf('#', start);
    const pathEnd = queryAt >= 0 ? queryAt : hashAt >= 0 ? hashAt : url.length;
    const problemInPath = start < 0 ? undefined : pathProblem(url.slice(start, pathEnd));
    if (problemInPath) throw refuse('path', c.req.path, problemInPath);
    if (queryAt >= 0) {
      const problemInQuery = queryProblem(url.slice(queryAt + 1, hashAt > queryAt ? hashAt : url.length));
      if (problemInQuery) throw refuse('query', c.req.path, problemInQuery);
    }
    await next();
  });
}

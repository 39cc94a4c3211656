import type { MiddlewareHandler } from 'hono';

/**
 * Sets headers on the answer a handler gave, in place. Touching `c.res` before the handler runs
 * would make Hono rebuild the handler's answer around a stream to carry them over, and Node's
 * server would then stream it: a quarter of a listing's work under load. An answer whose headers
 * cannot change (one fetched from elsewhere) is copied first.
 */
export function setAnswerHeaders(c: { res: Response }, headers: Record<string, string>, vary?: string): void {
  const apply = (target: Headers) => {
    for (const [name, value] of Object.entries(headers)) target.set(name, value);
    if (vary) target.append('Vary', vary);
  };
  try {
    apply(c.res.headers);
  } catch {
    c.res = new Response(c.res.body, c.res);
    apply(c.res.headers);
  }
}

const requestIds = new WeakMap<Request, string>();

/** Every answer carries an `x-request-id`, so that one request is found in the logs across instances. */
export function requestIdHeader(): MiddlewareHandler {
  return async (c, next) => {
    const id = crypto.randomUUID();
    requestIds.set(c.req.raw, id);
    await next();
    setAnswerHeaders(c, { 'x-request-id': id });
  };
}

export const requestIdOf = (c: { req: { raw: Request } }): string => requestIds.get(c.req.raw) ?? 'unknown';

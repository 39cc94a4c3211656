import type { MiddlewareHandler } from 'hono';
import { requestIdOf } from './response-headers';

/** One JSON object a line: what log collectors (journald, Loki, CloudWatch, Elastic) read without a parser of their own. */
export type LogWriter = (entry: Record<string, unknown>) => void;

export const jsonLines =
  (stream: NodeJS.WritableStream): LogWriter =>
  (entry) =>
    void stream.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);

/** A line per request, after it is answered, with the `x-request-id` the client got, so one request is found across instances. */
export function requestLog(write: LogWriter): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    write({
      level: c.res.status >= 500 ? 'error' : 'info',
      msg: 'request',
      requestId: requestIdOf(c),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}

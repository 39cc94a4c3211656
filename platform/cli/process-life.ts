import type { ServerType } from '@hono/node-server';
import type { Logger } from '../app';
import { jsonLines, type LogWriter } from '../http/request-log';

export interface PlatformLog {
  /** A message of the process's life (listening, stopping). */
  say: (message: string) => void;
  /** Failures the app reports. */
  logger: Logger;
  write: LogWriter;
}

/** text: lines as before (scripts read "platform listening on URL"); json: one object a line on stdout. */
export function platformLog(format: 'text' | 'json'): PlatformLog {
  const write = jsonLines(process.stdout);
  if (format === 'text') return { say: (message) => console.log(message), logger: console, write };
  return {
    say: (message) => write({ level: 'info', msg: message }),
    logger: {
      error: (message, error) =>
        write({ level: 'error', msg: message, error: error instanceof Error ? error.stack : String(error) }),
    },
    write,
  };
}

/**
 * Stops taking connections and waits for the requests under way to be answered; idle keep-alive
 * connections close at once, and whatever is still open after `timeoutMs` is cut.
 */
export async function drain(server: ServerType, timeoutMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  if ('closeIdleConnections' in server) server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), timeoutMs)));
  const outcome = await Promise.race([closed, late]);
  clearTimeout(timer);
  if (outcome === 'late' && 'closeAllConnections' in server) server.closeAllConnections();
}

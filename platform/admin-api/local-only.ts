import type { MiddlewareHandler } from 'hono';
import type { IncomingMessage } from 'node:http';

/** An address of this machine as a socket reports it: 127.0.0.0/8, ::1, or IPv4 mapped into IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127(\.\d{1,3}){3}$/.test(v4);
}

/**
 * The admin API answers only requests from this machine's own sockets. A request without a socket
 * is the platform calling itself in-process (tests, workitems through `app.fetch`).
 */
export function fromThisMachineOnly(): MiddlewareHandler {
  return async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (incoming && !isLoopbackAddress(incoming.socket.remoteAddress))
      return c.json({ developerMessage: 'The platform admin API answers only requests from this machine.' }, 403);
    await next();
  };
}

/**
 * `auto`: on where only this machine can reach the platform, as the operator started it: bound to
 * loopback and not published under another URL (behind a reverse proxy every request comes from
 * loopback, so the socket alone would not tell).
 */
export function adminApiEnabled(setting: 'auto' | 'on' | 'off', host: string, publicUrl: string | undefined) {
  if (setting !== 'auto') return setting === 'on';
  const loopbackHost = (name: string) => name === 'localhost' || isLoopbackAddress(name.replace(/^\[|\]$/g, ''));
  return loopbackHost(host) && (publicUrl === undefined || loopbackHost(new URL(publicUrl).hostname));
}

import type { GatewayConfig } from '../cli/gateway-options';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The hosts the gateway answers for: its public URL's, and on loopback the other loopback names.
 * Refusing any other Host stops a page that rebinds its own DNS name to 127.0.0.1 from calling
 * the gateway as if it were its own origin. Null (no check) until the public URL is known.
 */
export function servedHosts(config: GatewayConfig): Set<string> | null {
  if (!config.publicUrl) return null;
  const url = new URL(config.publicUrl);
  const hosts = new Set([url.host]);
  if (LOOPBACK.includes(url.hostname)) for (const name of LOOPBACK) hosts.add(url.port ? `${name}:${url.port}` : name);
  return hosts;
}

/** Why a request names a host this gateway does not serve, or null when it is fine. */
export function misdirected(config: GatewayConfig, requestUrl: string, hostHeader: string | undefined): string | null {
  const target = new URL(requestUrl).host;
  // An absolute-form target (`GET http://elsewhere/ HTTP/1.1`) asks a forward proxy for another host.
  if (hostHeader !== undefined && target !== hostHeader.toLowerCase())
    return 'Absolute request targets are not accepted: the gateway forwards to its upstream only.';
  const hosts = servedHosts(config);
  if (hosts && !hosts.has(target))
    return `This gateway answers for ${[...hosts][0]} only, not ${target.slice(0, 100)}.`;
  return null;
}

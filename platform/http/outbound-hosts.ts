/**
 * Which hosts the platform's own outbound requests may reach: Design Automation's inputs, outputs and
 * callbacks, and webhook callbacks. Loopback always; any other host only where the operator listed it
 * with `serve --automation-allow-host` (`*` allows any). One rule, so an operator learns one flag.
 */

/** `localhost`, 127.0.0.0/8 or `[::1]`, as `URL.hostname` spells them. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** Whether the operator's list (host names, `host:port`, `*`) or loopback covers the URL's host. */
export function hostAllowed(url: URL, allowHosts: readonly string[]): boolean {
  return (
    isLoopbackHost(url.hostname) ||
    allowHosts.some((host) => host === '*' || host.toLowerCase() === url.hostname || host.toLowerCase() === url.host)
  );
}

/** Why a request to the URL's host was refused, naming the flag that allows it. */
export function hostNotAllowedMessage(url: URL, who: string): string {
  return `The host ${url.host} is not one ${who} may reach on this platform (serve --automation-allow-host ${url.hostname} allows it).`;
}

/** A webhook's callback URL: http or https, to loopback or an allowed host. */
export function callbackHostAllowed(url: string | URL, allowHosts: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return false;
  }
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && hostAllowed(parsed, allowHosts);
}

/** What a refused callback URL is told: at hook creation (400) and in a delivery attempt's error. */
export function callbackHostMessage(url: string | URL): string {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return `The callback URL ${String(url)} is not a URL.`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return `A webhook callback must be an http or https URL, not ${parsed.protocol}`;
  return hostNotAllowedMessage(parsed, 'a webhook callback');
}

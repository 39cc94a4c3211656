/** A host a workitem was not allowed to reach: the operator lists the others with `serve --automation-allow-host`. */
export class HostNotAllowedError extends TypeError {}

export interface OutboundOptions {
  /** The platform itself, served in-process (no socket): `app.fetch`. */
  platformFetch: (request: Request) => Promise<Response>;
  /** The platform's base URL, read late. */
  base: () => string;
  /** Host names, `host:port`, or `*`; loopback and the platform's own host are always allowed. */
  allowHosts: readonly string[];
  /** Where other requests go (the global fetch; tests may pass their own). */
  network?: typeof fetch;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * The fetch every request of a workitem goes through (inputs, outputs, callbacks): the platform's
 * own URLs are answered in-process, loopback and the hosts the operator allowed over the network,
 * anything else is refused. Redirects are followed by hand (GET and HEAD only) so that each hop is
 * checked the same way.
 */
export function outboundFetch(options: OutboundOptions): typeof fetch {
  const network = options.network ?? fetch;
  const allowed = (url: URL) =>
    isLoopback(url.hostname) || options.allowHosts.some((host) => host === '*' || host.toLowerCase() === url.hostname || host.toLowerCase() === url.host);
  const platformOrigin = () => {
    try {
      return new URL(options.base()).origin;
    } catch {
      return undefined;
    }
  };
  return async (input, init) => {
    let request = new Request(input, init);
    for (let hop = 0; ; hop++) {
      const url = new URL(request.url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new HostNotAllowedError(`A workitem may reach http and https URLs only, not ${url.protocol}`);
      let response: Response;
      if (url.origin === platformOrigin()) response = await options.platformFetch(request);
      else if (allowed(url)) response = await network(request, { redirect: 'manual' });
      else throw new HostNotAllowedError(`The host ${url.host} is not one a workitem may reach on this platform (serve --automation-allow-host ${url.hostname} allows it).`);
      const location = response.headers.get('location');
      const replayable = request.method === 'GET' || request.method === 'HEAD';
      if (!REDIRECTS.has(response.status) || !location || !replayable || hop >= MAX_REDIRECTS) return response;
      await response.body?.cancel();
      request = new Request(new URL(location, url), { method: request.method, headers: request.headers, signal: request.signal });
    }
  };
}

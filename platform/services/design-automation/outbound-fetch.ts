import { hostAllowed, hostNotAllowedMessage } from '../../http/outbound-hosts';

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

/**
 * The fetch every request of a workitem goes through (inputs, outputs, callbacks): the platform's
 * own URLs are answered in-process, loopback and the hosts the operator allowed over the network,
 * anything else is refused. One hop only: a redirect comes back unfollowed, for
 * `fetchFollowingRedirects` to follow with its rules for credentials, each hop through here again.
 */
export function outboundFetch(options: OutboundOptions): typeof fetch {
  const network = options.network ?? fetch;
  const platformOrigin = () => {
    try {
      return new URL(options.base()).origin;
    } catch {
      return undefined;
    }
  };
  return async (input, init) => {
    const request = new Request(input, { ...init, redirect: 'manual' });
    const url = new URL(request.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new HostNotAllowedError(`A workitem may reach http and https URLs only, not ${url.protocol}`);
    if (url.origin === platformOrigin()) return options.platformFetch(request);
    if (hostAllowed(url, options.allowHosts)) return network(request);
    throw new HostNotAllowedError(hostNotAllowedMessage(url, 'a workitem'));
  };
}

/** A redirect a workitem's request does not follow: too many hops, or a Location that is not http(s). */
export class RedirectError extends Error {
  override name = 'RedirectError';
}

/** What fetch takes as a body (the DOM's BodyInit, which Node's types do not name). */
type RequestBody = NonNullable<RequestInit['body']>;

export interface OutboundRequest {
  url: string;
  method: string;
  /** The workitem argument's own headers: sent only while the request stays on the first URL's origin. */
  headers?: Record<string, string>;
  /** The engine's own headers (Content-Type, Content-Length): not credentials, sent to every hop. */
  ownHeaders?: Record<string, string>;
  /** Makes the body afresh, so that a 307 or 308 can send it again (a file's stream cannot be replayed). */
  body?: () => RequestBody | Promise<RequestBody>;
  signal?: AbortSignal;
  /** Told, for the report, when a redirect leaves the origin and the argument's headers stay behind. */
  log?: (line: string) => void;
}

export const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const BODY_HEADERS = ['content-encoding', 'content-language', 'content-location', 'content-type', 'content-length'];

function headersOf(request: OutboundRequest, withCredentials: boolean, withBody: boolean): Headers {
  const headers = new Headers(request.ownHeaders);
  // `set`, not an object spread: an argument's `content-type` replaces the engine's `Content-Type` instead of joining it.
  if (withCredentials) for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value);
  if (!withBody) for (const name of BODY_HEADERS) headers.delete(name);
  return headers;
}

/** Fetch's rule (WHATWG fetch, HTTP-redirect fetch step 12): 303, and 301/302 after a POST, go on as a GET without the body. */
function becomesGet(status: number, method: string): boolean {
  return (
    (status === 303 && method !== 'GET' && method !== 'HEAD') ||
    ((status === 301 || status === 302) && method === 'POST')
  );
}

/**
 * The one way a workitem's URLs are requested (inputs, outputs, settings, on-demand inputs and the
 * `onProgress`/`onComplete` callbacks): redirects are followed here, hop by hop through `fetcher`
 * (so each hop passes the operator's allowed hosts again), with fetch's rules for the method.
 *
 * Credentials: once a redirect leaves the first URL's origin (scheme, host and port; so https to
 * http too) none of the argument's headers go with it, for the rest of the chain. Fetch itself only
 * drops `Authorization` (Node 20's undici, tried, also `Cookie`, but keeps an `x-api-key`), and an argument's
 * headers are the caller's to name, so any of them may be a secret. Refusing such redirects instead
 * would break the common flow: a storage URL that redirects to a signed URL elsewhere, which carries
 * its signature in the query and would be rejected with a second credential in a header.
 */
export async function fetchFollowingRedirects(fetcher: typeof fetch, request: OutboundRequest): Promise<Response> {
  const origin = new URL(request.url).origin;
  let url = request.url;
  let method = request.method.toUpperCase();
  let withBody = request.body !== undefined;
  let withCredentials = true;
  for (let hop = 0; ; hop++) {
    const body = withBody ? await request.body!() : undefined;
    const init = {
      method,
      headers: headersOf(request, withCredentials, withBody),
      body,
      redirect: 'manual',
      signal: request.signal,
      duplex: 'half',
    };
    const response = await fetcher(url, init as RequestInit);
    const location = response.headers.get('location');
    if (!REDIRECTS.has(response.status) || location === null) return response;
    await response.body?.cancel();
    if (hop >= MAX_REDIRECTS) throw new RedirectError(`More than ${MAX_REDIRECTS} redirects.`);
    const next = new URL(location, url);
    if (next.protocol !== 'http:' && next.protocol !== 'https:')
      throw new RedirectError(`A redirect to a ${next.protocol} URL is not followed.`);
    if (becomesGet(response.status, method)) {
      method = 'GET';
      withBody = false;
    }
    if (withCredentials && next.origin !== origin) {
      withCredentials = false;
      if (Object.keys(request.headers ?? {}).length > 0)
        request.log?.(`Redirected to another origin: the argument's headers are not sent there.`);
    }
    url = next.href;
  }
}

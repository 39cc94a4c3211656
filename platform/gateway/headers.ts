/** RFC 9110 §7.6.1: meaningful for one connection only, never forwarded. */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

/** Browser context the upstream has no use for; the gateway answers CORS itself. */
const NOT_FORWARDED_UP = [
  'host',
  'origin',
  'referer',
  'cookie',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
];

function withoutHopByHop(headers: Headers): Headers {
  const result = new Headers(headers);
  // Headers the sender listed in Connection are hop-by-hop too.
  for (const name of (headers.get('connection') ?? '').split(',')) if (name.trim()) result.delete(name.trim());
  for (const name of HOP_BY_HOP) result.delete(name);
  return result;
}

/** The browser's request headers as the upstream should see them; Host comes from the target URL. */
export function upstreamRequestHeaders(incoming: Headers, options: { keepAuthorization: boolean }): Headers {
  const headers = withoutHopByHop(incoming);
  for (const name of NOT_FORWARDED_UP) headers.delete(name);
  if (!options.keepAuthorization) headers.delete('authorization');
  return headers;
}

/** The upstream's response headers as the browser should see them. */
export function downstreamResponseHeaders(upstream: Headers, rewriteLocation: (location: string) => string): Headers {
  const headers = withoutHopByHop(upstream);
  for (const name of [...headers.keys()]) if (name.startsWith('access-control-')) headers.delete(name);
  // Cookies of the upstream's domain mean nothing on the gateway's.
  headers.delete('set-cookie');
  const location = headers.get('location');
  if (location) headers.set('location', rewriteLocation(location));
  return headers;
}

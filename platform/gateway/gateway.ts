import { Hono, type Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { getPath } from 'hono/utils/url';
import { appCors } from '../http/cors';
import { HttpError, notFoundFor } from '../http/errors';
import { authorizeRedirect, withClientAuth } from './client-auth';
import { misdirected } from './host-check';
import { downstreamResponseHeaders, upstreamRequestHeaders } from './headers';
import type { GatewayConfig } from '../cli/gateway-options';
import { nodeFetch, type Forward, type UpstreamFetch } from './forward';
import {
  cookieHeaderFrom,
  cookiesForSignedRoute,
  handsOutSignedUrls,
  MAX_REWRITTEN_BYTES,
  rewriteSignedUrls,
  SIGNED_ROUTE,
} from './signed-rewrite';
import { createTokenSigner, type TokenSigner } from './signed-tokens';

export interface GatewayLogger {
  error(message: string): void;
}

export interface GatewayOptions {
  config: GatewayConfig;
  fetch?: UpstreamFetch;
  /** Unix milliseconds; tests pass the upstream's clock. */
  now?: () => number;
  signer?: TokenSigner;
  logger?: GatewayLogger;
}

/** The APS API families the gateway forwards; anything else is not an API path and is refused. */
const API_PREFIXES = [
  '/authentication/',
  '/oss/',
  '/project/',
  '/data/',
  '/modelderivative/',
  '/derivativeservice/',
  '/da/',
  '/userprofile/',
  '/webhooks/',
  '/construction/',
  '/bim360/',
  '/hq/',
  '/issues/',
  '/userinfo',
  '/.well-known/openid-configuration',
];

/** Under node-server the socket's request is at hand; `app.request()` tests have none. */
type Env = { Bindings: { incoming?: IncomingMessage } };

/**
 * The request body to send on: node-server's own IncomingMessage when nothing has read it yet, as
 * piping it straight into the upstream socket costs a fraction of the CPU of its web-stream wrapper.
 */
function requestBody(c: Context<Env>): Forward['body'] {
  const incoming = (c.env as Env['Bindings'] | undefined)?.incoming;
  return incoming instanceof Readable && !incoming.readableDidRead && !c.req.raw.bodyUsed ? incoming : c.req.raw.body;
}

const gatewayError = (status: 400 | 403 | 404 | 421 | 502, message: string) =>
  new HttpError(status, {
    developerMessage: message,
    userMessage: '',
    errorCode: 'GATEWAY',
    'more info': 'https://aps.autodesk.com/',
  });

/**
 * The gateway as one fetch handler: the same paths as the platform, forwarded to the upstream
 * (APS) with the confidential app's client authentication added where OAuth asks for it. It
 * opens no socket (`main.ts` serves it), stores no token, and reaches no host but the upstream
 * and the signed storage URLs the upstream itself handed out.
 */
export function createGateway(options: GatewayOptions) {
  const { config } = options;
  const send: UpstreamFetch = options.fetch ?? nodeFetch;
  const now = options.now ?? Date.now;
  const signer = options.signer ?? createTokenSigner();
  const logger = options.logger ?? console;
  const upstream = new URL(config.upstream).origin;
  const publicUrl = (c: Context<Env>) => (config.publicUrl || new URL(c.req.url).origin).replace(/\/+$/, '');
  const app = new Hono<Env>({ getPath: (request) => getPath(request).replace(/^\/{2,}/, '/') });

  app.use('*', async (c, next) => {
    const problem = misdirected(config, c.req.url, c.req.header('host'));
    if (problem) throw gatewayError(421, problem);
    await next();
  });
  app.use('*', appCors(config.appOrigins));

  const relay = (c: Context<Env>, response: Response, rewriteLocation = (location: string) => location) =>
    new Response(response.body, {
      status: response.status,
      headers: downstreamResponseHeaders(response.headers, rewriteLocation),
    });

  app.get('/authentication/v2/authorize', (c) => c.redirect(authorizeRedirect(config, c.req.url), 302));
  // Sign-out ends the upstream's own session, whose cookie lives on the upstream's domain.
  app.get('/authentication/v2/logout', (c) =>
    c.redirect(`${upstream}/authentication/v2/logout${new URL(c.req.url).search}`, 302),
  );

  app.post('/authentication/v2/:endpoint{token|revoke|introspect}', async (c) => {
    const path = `/authentication/v2/${c.req.param('endpoint')}`;
    const { headers, body } = await withClientAuth(config, c.req.raw);
    const response = await send({ url: `${upstream}${path}`, method: 'POST', headers, body, signal: c.req.raw.signal });
    return relay(c, response);
  });

  app.all(`${SIGNED_ROUTE}/:token`, async (c) => {
    const target = signer.verify(c.req.param('token'), now());
    if (!target)
      throw gatewayError(403, 'This signed URL was not issued by this gateway, was changed, or has expired.');
    const headers = upstreamRequestHeaders(c.req.raw.headers, { keepAuthorization: false });
    if (target.cookie) headers.set('cookie', target.cookie);
    const response = await send({
      url: target.url,
      method: c.req.method,
      headers,
      body: requestBody(c),
      signal: c.req.raw.signal,
    });
    return relay(c, response);
  });

  app.all('*', async (c) => {
    const incoming = new URL(c.req.url);
    const path = incoming.pathname.replace(/^\/{2,}/, '/');
    if (!API_PREFIXES.some((prefix) => path.startsWith(prefix))) throw notFoundFor(path);
    const target = new URL(`${upstream}${path}${incoming.search}`);
    if (target.origin !== upstream) throw gatewayError(400, 'The request does not name a path on the upstream.');
    const rewrite = handsOutSignedUrls(path);
    const headers = upstreamRequestHeaders(c.req.raw.headers, { keepAuthorization: true });
    // The bodies to rewrite are read here, so they come unencoded; the others keep their encoding.
    if (rewrite) headers.set('accept-encoding', 'identity');
    const response = await send({
      url: target.toString(),
      method: c.req.method,
      headers,
      body: requestBody(c),
      signal: c.req.raw.signal,
    });
    const base = publicUrl(c);
    const rewriteLocation = (location: string) =>
      location.startsWith(`${upstream}/`) ? `${base}${location.slice(upstream.length)}` : location;
    const json = /json/i.test(response.headers.get('content-type') ?? '');
    const small = Number(response.headers.get('content-length') ?? '0') <= MAX_REWRITTEN_BYTES;
    if (!rewrite || !response.ok || !json || !small) return relay(c, response, rewriteLocation);
    const cookie = cookieHeaderFrom(response.headers.getSetCookie());
    const body = rewriteSignedUrls(await response.json(), {
      signer,
      publicUrl: base,
      now: now(),
      ...(cookie ? { cookie } : {}),
    });
    const rewritten = downstreamResponseHeaders(response.headers, rewriteLocation);
    rewritten.delete('content-length');
    rewritten.delete('etag');
    for (const line of cookiesForSignedRoute(response.headers.getSetCookie())) rewritten.append('set-cookie', line);
    return new Response(JSON.stringify(body), { status: response.status, headers: rewritten });
  });

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(error.body, error.status);
    }
    // The message only: headers and bodies may hold tokens, and the log is no place for them.
    logger.error(`gateway: ${c.req.method} ${new URL(c.req.url).pathname.slice(0, 200)} failed: ${error.message}`);
    const reply = gatewayError(502, 'The gateway could not reach the upstream.');
    return c.json(reply.body, reply.status);
  });
  return app;
}

export type GatewayApp = ReturnType<typeof createGateway>;

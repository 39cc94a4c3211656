import { serve } from '@hono/node-server';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { PlatformConfig } from '../config';
import { confidentialApp } from './oauth-flow';
import { createTestPlatform, TEST_APP_ORIGIN } from './test-platform';
import { createGateway } from '../gateway/gateway';
import type { GatewayConfig } from '../cli/gateway-options';

type Server = ReturnType<typeof serve>;

async function listenOn(fetchFn: (request: Request) => Response | Promise<Response>) {
  const server: Server = serve({ fetch: fetchFn, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    if ('closeAllConnections' in server) server.closeAllConnections();
  });

/**
 * Watches every response the gateway sends for the client secret (plain or inside a Basic
 * credential), in headers and, chunk by chunk, in bodies, without holding the bodies.
 */
function leakDetector(secrets: string[]) {
  const leaks: string[] = [];
  let responses = 0;
  const longest = Math.max(...secrets.map((secret) => secret.length));
  const check = (text: string, where: string) => {
    for (const secret of secrets) if (text.includes(secret)) leaks.push(where);
  };
  const scan = (response: Response, where: string): Response => {
    responses++;
    for (const [name, value] of response.headers) check(`${name}: ${value}`, `${where} header ${name}`);
    if (!response.body) return response;
    let tail = '';
    const watched = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          const text = tail + Buffer.from(chunk).toString('latin1');
          check(text, `${where} body`);
          tail = text.slice(-longest);
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(watched, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return { scan, leaks, responses: () => responses };
}

/**
 * A gateway in front of a second, listening test platform acting as APS: a `web` (confidential)
 * app holds the secret; the gateway is served on a free port. The gateway's clock is the
 * upstream's test clock, so the signed URLs both hand out expire together.
 */
export async function startGatewayStack(upstreamConfig: Partial<PlatformConfig> = {}) {
  const platform = await createTestPlatform(upstreamConfig);
  const upstreamSignals: AbortSignal[] = [];
  let upstreamBytesSent = 0;
  // Counted as the gateway pulls them: a gateway that ignored backpressure would pull everything at once.
  const counted = () =>
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        upstreamBytesSent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
  const upstream = await listenOn(async (request) => {
    upstreamSignals.push(request.signal);
    const response = await platform.app.fetch(request);
    return response.body ? new Response(response.body.pipeThrough(counted()), response) : response;
  });
  platform.deps.config.issuer = upstream.url;
  const web = await confidentialApp(platform, 'web');
  const config: GatewayConfig = {
    upstream: upstream.url,
    clientId: web.clientId,
    clientSecret: web.clientSecret,
    appOrigins: [TEST_APP_ORIGIN],
    publicUrl: '',
  };
  const logLines: string[] = [];
  const gateway = createGateway({
    config,
    now: () => platform.clock.now().getTime(),
    logger: { error: (line) => logLines.push(line) },
  });
  const detector = leakDetector([web.clientSecret, web.basic.Authorization.slice('Basic '.length)]);
  const served = await listenOn(async (request) =>
    detector.scan(await gateway.fetch(request), `${request.method} ${new URL(request.url).pathname}`),
  );
  config.publicUrl = served.url;
  return {
    platform,
    web,
    gateway,
    config,
    url: served.url,
    upstreamUrl: upstream.url,
    upstreamSignals,
    upstreamBytesSent: () => upstreamBytesSent,
    logLines,
    leaks: detector.leaks,
    responsesScanned: detector.responses,
    async close() {
      await closeServer(served.server);
      await closeServer(upstream.server);
      await platform.close();
    },
  };
}

export type GatewayStack = Awaited<ReturnType<typeof startGatewayStack>>;

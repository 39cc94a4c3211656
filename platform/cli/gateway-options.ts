import { list, parse, port, url, UsageError } from './args';

export const DEFAULT_UPSTREAM = 'https://developer.api.autodesk.com';
export const CLIENT_SECRET_VARIABLE = 'APS_CLIENT_SECRET';
const WILDCARD_HOSTS = ['0.0.0.0', '::', '[::]', '::0'];

/** What a gateway needs to run; `publicUrl` is filled in once it listens, like the platform's issuer. */
export interface GatewayConfig {
  /** The APS (or local platform) origin every request goes to, without a trailing slash. */
  upstream: string;
  /** The confidential ("Traditional Web App") app whose client authentication the gateway adds. */
  clientId: string;
  clientSecret: string;
  /** Browser origins that get a CORS grant; no other does. */
  appOrigins: string[];
  /** The gateway's own base URL, used in the signed URLs it hands out. */
  publicUrl: string;
}

export interface GatewayCliOptions {
  config: GatewayConfig;
  port: number;
  host: string;
}

/**
 * `gateway --upstream URL --client-id ID [--port 8090] [--host 127.0.0.1] [--app-origin URL]... [--public-url URL]`.
 * The secret comes from the environment only: a command line is visible to every user of the
 * machine (`ps`) and lands in shell histories.
 */
export function parseGatewayOptions(args: string[], env: NodeJS.ProcessEnv): GatewayCliOptions {
  if (args.some((arg) => arg === '--client-secret' || arg.startsWith('--client-secret='))) {
    throw new UsageError(
      `--client-secret is not accepted: a command line is visible to other users. Set the ${CLIENT_SECRET_VARIABLE} environment variable instead.`,
    );
  }
  const flags = parse(args, {
    upstream: { type: 'string' },
    'client-id': { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    'app-origin': { type: 'string', multiple: true },
    'public-url': { type: 'string' },
  });
  const clientId = flags['client-id']?.trim();
  if (!clientId) throw new UsageError('--client-id is required: the client id of your APS "Traditional Web App".');
  const clientSecret = env[CLIENT_SECRET_VARIABLE] ?? '';
  if (clientSecret.trim() === '')
    throw new UsageError(`The ${CLIENT_SECRET_VARIABLE} environment variable must hold the app's client secret.`);
  const publicUrl = flags['public-url'];
  const host = flags.host ?? '127.0.0.1';
  // Signed URLs name the gateway and it answers for one Host only; "every address" is neither.
  if (WILDCARD_HOSTS.includes(host) && publicUrl === undefined) {
    throw new UsageError(
      `--host ${host} listens on every address: add --public-url with the URL browsers reach the gateway at, e.g. http://192.0.2.10:8090.`,
    );
  }
  return {
    port: port(flags.port, 8090),
    host,
    config: {
      upstream: url(flags.upstream ?? DEFAULT_UPSTREAM, '--upstream', true),
      clientId,
      clientSecret: clientSecret.trim(),
      appOrigins: list(flags['app-origin']).map((value) => url(value, '--app-origin', true)),
      publicUrl: publicUrl === undefined ? '' : url(publicUrl, '--public-url', true),
    },
  };
}

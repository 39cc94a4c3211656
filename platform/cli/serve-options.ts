import { DEFAULT_TOKEN_TTL_SECONDS } from '../config';
import { list, parse, port, positiveInt, url } from './args';

export interface ServeOptions {
  port: number;
  host: string;
  dataDir: string | undefined;
  appOrigins: string[];
  publicUrl: string | undefined;
  tokenTtlSeconds: number;
}

export function parseServeOptions(args: string[]): ServeOptions {
  const flags = parse(args, {
    port: { type: 'string' },
    host: { type: 'string' },
    'data-dir': { type: 'string' },
    'app-origin': { type: 'string', multiple: true },
    'public-url': { type: 'string' },
    'token-ttl': { type: 'string' },
  });
  const publicUrl = flags['public-url'];
  return {
    port: port(flags.port, 8080),
    host: flags.host ?? '127.0.0.1',
    dataDir: flags['data-dir'],
    appOrigins: list(flags['app-origin']).map((value) => url(value, '--app-origin', true)),
    publicUrl: publicUrl === undefined ? undefined : url(publicUrl, '--public-url', true),
    tokenTtlSeconds: positiveInt(flags['token-ttl'], '--token-ttl', DEFAULT_TOKEN_TTL_SECONDS),
  };
}

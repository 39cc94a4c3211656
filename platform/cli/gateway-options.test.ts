import { describe, expect, it } from 'vitest';
import { UsageError } from './args';
import { DEFAULT_UPSTREAM, parseGatewayOptions } from './gateway-options';

const env = { APS_CLIENT_SECRET: ' s3cret ' };

describe('gateway options', () => {
  it('defaults to APS on 127.0.0.1:8090, the secret from the environment, trimmed', () => {
    expect(
      parseGatewayOptions(
        ['--client-id', 'abc', '--app-origin', 'http://127.0.0.1:5173/', '--app-origin', 'https://app.example'],
        env,
      ),
    ).toEqual({
      port: 8090,
      host: '127.0.0.1',
      config: {
        upstream: DEFAULT_UPSTREAM,
        clientId: 'abc',
        clientSecret: 's3cret',
        appOrigins: ['http://127.0.0.1:5173', 'https://app.example'],
        publicUrl: '',
      },
    });
  });

  it('refuses the secret on the command line, in either spelling, saying where it goes instead', () => {
    for (const args of [['--client-secret', 'x'], ['--client-secret=x']]) {
      expect(() => parseGatewayOptions(['--client-id', 'abc', ...args], env)).toThrow(
        /Set the APS_CLIENT_SECRET environment variable instead/,
      );
    }
  });

  it('needs --public-url when listening on every address: the signed URLs and the Host check name it', () => {
    for (const host of ['0.0.0.0', '::']) {
      expect(() => parseGatewayOptions(['--client-id', 'abc', '--host', host], env)).toThrow(UsageError);
      expect(() => parseGatewayOptions(['--client-id', 'abc', '--host', host], env)).toThrow(/add --public-url/);
    }
    const options = parseGatewayOptions(
      ['--client-id', 'abc', '--host', '0.0.0.0', '--public-url', 'https://gateway.example'],
      env,
    );
    expect(options).toMatchObject({ host: '0.0.0.0', config: { publicUrl: 'https://gateway.example' } });
  });

  it('refuses an origin with a path and an unknown flag', () => {
    expect(() => parseGatewayOptions(['--client-id', 'abc', '--app-origin', 'http://app.example/x'], env)).toThrow(
      /must be an origin/,
    );
    expect(() => parseGatewayOptions(['--client-id', 'abc', '--open-proxy'], env)).toThrow(UsageError);
  });
});

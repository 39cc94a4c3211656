import { AuthenticationClient, Scopes } from '@aps_sdk/authentication';
import { ApsConfiguration, SdkManagerBuilder, StaticAuthenticationProvider } from '@aps_sdk/autodesk-sdkmanager';
import { ModelDerivativeClient } from '@aps_sdk/model-derivative';
import { OssClient, PolicyKey, Region } from '@aps_sdk/oss';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { getPath } from 'hono/utils/url';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBucket, serverApp } from '../testing/oss';
import { createTestPlatform, type TestPlatform } from '../testing/test-platform';
import { FaultSet } from './fault-set';
import { faultMiddleware } from './middleware';

// The official clients against a listening platform with the fault middleware in front, as createApp installs it.
let platform: TestPlatform;
let server: ReturnType<typeof serve>;
let app: Awaited<ReturnType<typeof serverApp>>;
let bucketKey: string;
const faults = new FaultSet();

beforeAll(async () => {
  platform = await createTestPlatform();
  const front = new Hono({ getPath: (request) => getPath(request).replace(/^\/{2,}/, '/') });
  const { outer, inner } = faultMiddleware(faults);
  front.use('*', outer, inner);
  front.all('*', (c) => platform.app.fetch(c.req.raw, c.env));
  server = serve({ fetch: front.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  platform.deps.config.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app = await serverApp(platform, 'bucket:create bucket:read data:read data:write data:create viewables:read');
  bucketKey = (await createBucket(platform, app.bearer)).bucketKey;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await platform.close();
});
beforeEach(() => faults.clear());

/** A fresh SDK manager per client: its circuit breaker is the manager's, and must not carry over between tests. */
function sdkManager() {
  const config = new ApsConfiguration({});
  config.BaseAddress = platform.deps.config.issuer as unknown as URL;
  return SdkManagerBuilder.create().addApsConfiguration(config).build();
}
const oss = () =>
  new OssClient({ sdkManager: sdkManager(), authenticationProvider: new StaticAuthenticationProvider(app.token) });

/** Counts every request to `path` (a rule that fires with no effect), then adds the fault after it. */
function faultWithCounter(path: string, fault: object) {
  const counter = faults.add({ path, latencyMs: 0 });
  const rule = faults.add({ path, ...fault });
  return {
    id: rule.id,
    attempts: () => faults.find(counter.id)!.fired,
    fired: () => faults.find(rule.id)!.fired,
  };
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: Error & { httpStatusCode?: () => number | undefined }) => ({
      name: error.constructor.name,
      message: error.message,
      status: error.httpStatusCode?.(),
    }),
  );

describe('@aps_sdk/oss meets faults', () => {
  it.each([503, 504])('retries a %i and succeeds', async (status) => {
    const counted = faultWithCounter('/oss/v2/buckets/*/details', { status, times: 2 });
    expect(await oss().getBucketDetails(bucketKey)).toMatchObject({ bucketKey });
    expect(counted.fired()).toBe(2);
    expect(counted.attempts()).toBe(3);
  });

  it('retries a 429 at once: Retry-After is not read', async () => {
    const counted = faultWithCounter('/oss/v2/buckets/*/details', { status: 429, retryAfter: 3600, times: 1 });
    const started = Date.now();
    expect(await oss().getBucketDetails(bucketKey)).toMatchObject({ bucketKey });
    expect(counted.attempts()).toBe(2);
    // Waiting as told would take an hour; the whole exchange is over well within the test's time.
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('retries a POST as readily as a GET: createBucket through a 503', async () => {
    const counted = faultWithCounter('/oss/v2/buckets', { method: 'POST', status: 503, times: 1 });
    const created = await oss().createBucket(Region.Us, {
      bucketKey: `${bucketKey}-2`,
      policyKey: PolicyKey.Transient,
    });
    expect(created).toMatchObject({ bucketKey: `${bucketKey}-2` });
    expect(counted.attempts()).toBe(2);
  });

  it('does not retry a 500: it surfaces OssApiError with the status and the {reason} body', async () => {
    const counted = faultWithCounter('/oss/v2/buckets/*/details', { status: 500, times: 1 });
    const failure = await failureOf(oss().getBucketDetails(bucketKey));
    expect(failure).toMatchObject({ name: 'OssApiError', status: 500 });
    expect(failure.message).toContain(`"reason":"Internal error (fault rule ${counted.id} of the platform)."`);
    expect(counted.attempts()).toBe(1);
  });

  it('gives up on a lasting 503 after 5 retries and surfaces the last answer', async () => {
    const counted = faultWithCounter('/oss/v2/buckets/*/details', { status: 503 });
    const failure = await failureOf(oss().getBucketDetails(bucketKey));
    expect(failure).toMatchObject({ name: 'OssApiError', status: 503 });
    expect(failure.message).toMatch(/status : 503 .*"reason":"Service unavailable/);
    expect(counted.attempts()).toBe(6);
  });

  it('does not retry a body cut partway, and reports it as a failed 200 with no body', async () => {
    const counted = faultWithCounter('/oss/v2/buckets/*/details', { cutAfterBytes: 10, times: 1 });
    const failure = await failureOf(oss().getBucketDetails(bucketKey));
    expect(failure).toMatchObject({ name: 'OssApiError', status: 200 });
    expect(failure.message).toBe('getBucketDetails Request failed with status : 200 and error message: undefined');
    expect(counted.attempts()).toBe(1);
  });

  it('stops calling after 5 failed calls in a row: the circuit breaker opens without a request', async () => {
    const counted = faultWithCounter('/oss/v2/buckets/*/details', { status: 500, times: 5 });
    const client = oss();
    for (let call = 0; call < 5; call++) expect((await failureOf(client.getBucketDetails(bucketKey))).status).toBe(500);
    const refused = await failureOf(client.getBucketDetails(bucketKey));
    expect(refused.name).toBe('BrokenCircuitError');
    expect(counted.attempts()).toBe(5);
  });
});

describe('@aps_sdk/model-derivative and @aps_sdk/authentication meet faults', () => {
  const modelDerivative = () =>
    new ModelDerivativeClient({
      sdkManager: sdkManager(),
      authenticationProvider: new StaticAuthenticationProvider(app.token),
    });

  it('Model Derivative retries a 429 and surfaces a 500 with its {diagnostic} body', async () => {
    const throttled = faultWithCounter('/modelderivative/v2/designdata/formats', { status: 429, times: 1 });
    expect(await modelDerivative().getFormats()).toHaveProperty('formats');
    expect(throttled.attempts()).toBe(2);

    faults.clear();
    const broken = faultWithCounter('/modelderivative/v2/designdata/formats', { status: 500, times: 1 });
    const failure = await failureOf(modelDerivative().getFormats());
    expect(failure).toMatchObject({ name: 'ModelDerivativeApiError', status: 500 });
    expect(failure.message).toContain('"diagnostic":"Internal error');
    expect(broken.attempts()).toBe(1);
  });

  it('Authentication retries a 503 on the token endpoint', async () => {
    const counted = faultWithCounter('/authentication/v2/token', { status: 503, times: 1 });
    const auth = new AuthenticationClient({ sdkManager: sdkManager() });
    const token = await auth.getTwoLeggedToken(app.clientId, app.secret, [Scopes.DataRead]);
    expect(token).toHaveProperty('access_token');
    expect(counted.attempts()).toBe(2);
  });
});

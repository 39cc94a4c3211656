import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectedRequest, InspectedRequestList } from '../../contracts/request-inspector';
import { createBucket, objectPath, putObject, serverApp, someBytes } from '../testing/oss';
import { signedInUser, TEST_VERIFIER } from '../testing/oauth-flow';
import { createTestPlatform, TEST_ISSUER, type TestPlatform } from '../testing/test-platform';
import type { Har } from './har';
import { recordRequests } from './record-requests';
import { createRecorder, type Recorder } from './recorder';
import { inspectorRoutes } from './routes';

/** The test platform behind the inspector, as `createApp` will hold it, and every secret its flows handed out. */
let platform: TestPlatform;
let recorder: Recorder;
let inspector: Hono;
const secrets: string[] = [];
let spa: Awaited<ReturnType<typeof signedInUser>>;
let server: Awaited<ReturnType<typeof serverApp>>;
const BINARY_BYTES = 200_000;

const inspect = (path: string, init?: RequestInit) =>
  inspector.request(`${TEST_ISSUER}/_platform/requests${path}`, init);
const list = async (query = '') => (await (await inspect(query)).json()) as InspectedRequestList;

beforeAll(async () => {
  const inner = await createTestPlatform();
  recorder = createRecorder();
  inspector = new Hono();
  inspector.use('*', recordRequests(recorder));
  inspector.route('/_platform/requests', inspectorRoutes(recorder));
  inspector.all('*', (c) => inner.app.fetch(c.req.raw, c.env));
  platform = { ...inner, request: (path, init) => inspector.request(`${TEST_ISSUER}${path}`, init) };

  spa = await signedInUser(platform);
  server = await serverApp(platform);
  secrets.push(TEST_VERIFIER, spa.user.password, spa.tokens.access_token, spa.tokens.refresh_token!);
  secrets.push(server.secret, server.token);
  await platform.request('/project/v1/hubs', { headers: spa.bearer });
  const { bucketKey } = await createBucket(platform, server.bearer);
  expect(
    (
      await putObject(platform, server.bearer, bucketKey, 'model.bin', someBytes(BINARY_BYTES), {
        'Content-Length': String(BINARY_BYTES),
      })
    ).status,
  ).toBe(200);
  const download = await platform.request(objectPath(bucketKey, 'model.bin', '/signeds3download'), {
    headers: server.bearer,
  });
  const { url } = (await download.json()) as { url: string };
  secrets.push(new URL(url).searchParams.get('signature')!);
  expect((await inspector.request(url)).status).toBe(200);
  const resource = await platform.request(objectPath(bucketKey, 'model.bin', '/signed'), {
    method: 'POST',
    headers: { ...server.bearer, 'Content-Type': 'application/json' },
    body: '{}',
  });
  const { signedUrl } = (await resource.json()) as { signedUrl: string };
  secrets.push(signedUrl.split('.').at(-1)!.split('?')[0]!);
  expect((await inspector.request(signedUrl)).status).toBe(200);
  await platform.request('/oss/v2/buckets/no-such-bucket/details', { headers: server.bearer });
});

afterAll(() => platform.close());

describe('the request inspector', () => {
  it('never shows a secret, in the list, one request whole, or the HAR', async () => {
    const listed = await list('?limit=1000');
    const whole = await Promise.all(listed.requests.map(async ({ id }) => (await inspect(`/${id}`)).text()));
    const har = await (await inspect('/har')).text();
    expect(listed.requests.length).toBeGreaterThan(10);
    expect(secrets.every((secret) => secret.length >= 8)).toBe(true);
    for (const output of [JSON.stringify(listed), ...whole, har])
      for (const secret of secrets) expect(output).not.toContain(secret);
    expect(whole.join('\n')).toContain('REDACTED');
  });

  it('names the app and the user: from the token check, or the credentials a request carries', () => {
    const entries = recorder.list();
    const exchange = entries.find((entry) => entry.path === '/authentication/v2/token' && entry.app === spa.clientId);
    expect(exchange?.request.body.text).toContain('grant_type=authorization_code');
    expect(entries.find((entry) => entry.app === server.clientId && entry.service === 'oss')).toBeDefined();
    const userCall = entries.find((entry) => entry.user === spa.user.id);
    expect(userCall?.app).toBe(spa.clientId);
  });

  it('records a binary body by its size alone', () => {
    const upload = recorder.list({ service: 'oss' }).find((entry) => entry.method === 'PUT')!;
    expect(upload.request.body).toMatchObject({ size: BINARY_BYTES, text: null });
    const download = recorder.list().find((entry) => entry.path.startsWith('/oss/v2/signed/objects/'))!;
    expect(download.response.body).toMatchObject({ size: BINARY_BYTES, text: null });
  });

  it('filters by service, status, app, since and limit; refuses a filter it does not know', async () => {
    expect((await list('?service=oss')).requests.every((entry) => entry.service === 'oss')).toBe(true);
    const missing = (await list('?status=4xx')).requests;
    expect(missing.some((entry) => entry.status === 404 && entry.path.endsWith('/no-such-bucket/details'))).toBe(true);
    expect(missing.every((entry) => entry.status >= 400 && entry.status < 500)).toBe(true);
    expect((await list(`?app=${server.clientId}`)).requests.every((entry) => entry.app === server.clientId)).toBe(true);
    const { latestId, requests } = await list('?limit=2');
    expect(requests.map((entry) => entry.id)).toEqual([latestId, latestId - 1]);
    expect((await list(`?since=${latestId - 1}`)).requests.map((entry) => entry.id)).toEqual([latestId]);
    expect((await inspect('?service=nope')).status).toBe(400);
    expect((await inspect('?status=abc')).status).toBe(400);
  });

  it('answers one request whole, by id or x-request-id, and 404 for one it does not hold', async () => {
    const [newest] = (await list('?limit=1')).requests;
    const byId = (await (await inspect(`/${newest!.id}`)).json()) as InspectedRequest;
    expect(byId.response.headers.length).toBeGreaterThan(0);
    expect(((await (await inspect(`/${newest!.requestId}`)).json()) as InspectedRequest).id).toBe(newest!.id);
    expect((await inspect('/999999')).status).toBe(404);
  });

  it('exports HAR 1.2', async () => {
    const response = await inspect('/har?service=authentication');
    expect(response.headers.get('content-disposition')).toContain('.har');
    const { log } = (await response.json()) as Har;
    expect(log.version).toBe('1.2');
    expect(log.creator.name).toBeTruthy();
    expect(log.entries.length).toBeGreaterThan(0);
    for (const entry of log.entries) {
      expect(Date.parse(entry.startedDateTime)).not.toBeNaN();
      expect(entry.request).toMatchObject({ httpVersion: 'HTTP/1.1', headersSize: -1 });
      expect(Array.isArray(entry.request.headers) && Array.isArray(entry.request.queryString)).toBe(true);
      expect(entry.response.content.mimeType).toEqual(expect.any(String));
      expect(entry.timings.wait).toBeGreaterThanOrEqual(0);
      expect(entry.time).toBe(entry.timings.send + entry.timings.wait + entry.timings.receive);
    }
    const times = log.entries.map((entry) => Date.parse(entry.startedDateTime));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('leaves its own requests out, and clears', async () => {
    const before = recorder.latestId();
    await list();
    expect(recorder.latestId()).toBe(before);
    expect((await inspect('', { method: 'DELETE' })).status).toBe(204);
    expect((await list()).requests).toEqual([]);
  });
});

import { Hono } from 'hono';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressJsonAnswers } from '../http/compression';
import { requestIdHeader } from '../http/response-headers';
import { recordRequests } from './record-requests';
import { createRecorder } from './recorder';

/** The middleware where `createApp` is to hold it: inside the request id and the compression. */
function platformLike() {
  const recorder = createRecorder();
  const app = new Hono();
  app.use('*', requestIdHeader());
  app.use('*', compressJsonAnswers());
  app.use('*', recordRequests(recorder));
  const items = Array.from({ length: 600 }, (_, index) => ({ id: `item-${index}`, name: 'A name to compress' }));
  app.get('/data/v1/items', (c) => c.json({ items }));
  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.post('/authentication/v2/token', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    return c.json({ access_token: `issued-to-${form.get('client_id')}`, token_type: 'Bearer' });
  });
  return { app, recorder, items };
}

describe('recordRequests inside the platform’s middleware', () => {
  it('records the answer as the handler made it while the client still gets it compressed', async () => {
    const { app, recorder, items } = platformLike();
    const response = await app.request('http://platform.test/data/v1/items', {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const body = JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()) as unknown;
    expect(body).toEqual({ items });
    const [entry] = recorder.list();
    expect(entry?.requestId).toBe(response.headers.get('x-request-id'));
    expect(entry?.service).toBe('data-management');
    expect(entry?.response.body.text).toContain('"item-0"');
    expect(entry?.response.body.truncated).toBe(true);
  });

  it('records a form the handler read, with the app it names, and redacts the token it answered', async () => {
    const { app, recorder } = platformLike();
    const response = await app.request('http://platform.test/authentication/v2/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=app-7&client_secret=very-secret-value',
    });
    expect(await response.json()).toEqual({ access_token: 'issued-to-app-7', token_type: 'Bearer' });
    const [entry] = recorder.list();
    expect(entry?.app).toBe('app-7');
    expect(JSON.stringify(entry)).not.toContain('very-secret-value');
    expect(JSON.stringify(entry)).not.toContain('issued-to-app-7');
  });

  it('leaves health checks out', async () => {
    const { app, recorder } = platformLike();
    await app.request('http://platform.test/health');
    expect(recorder.list()).toEqual([]);
  });
});

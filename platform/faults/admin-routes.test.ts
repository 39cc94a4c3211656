import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { faultRoutes } from './admin-routes';
import { FaultSet } from './fault-set';

function admin() {
  const faults = new FaultSet();
  const app = new Hono();
  app.route('/_platform/faults', faultRoutes(faults));
  const post = (body: unknown) =>
    app.request('/_platform/faults', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return { app, faults, post };
}

describe('/_platform/faults', () => {
  it('adds a rule from JSON or the flag form, 201 with the rule and where it lives', async () => {
    const { app, post } = admin();
    const created = await post({ service: 'oss', method: 'put', status: 503, times: 1 });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe('/_platform/faults/fault-1');
    expect(await created.json()).toEqual({
      id: 'fault-1',
      fired: 0,
      service: 'oss',
      method: 'PUT',
      path: '/**',
      status: 503,
      times: 1,
    });
    const fromFlag = await post({ flag: 'model-derivative GET /modelderivative/** status=429 retryAfter=2' });
    expect(await fromFlag.json()).toMatchObject({ id: 'fault-2', service: 'model-derivative', retryAfter: 2 });
    expect(await (await app.request('/_platform/faults/fault-2')).json()).toMatchObject({ status: 429 });
  });

  it('lists the rules with how often each fired', async () => {
    const { app, faults, post } = admin();
    await post({ status: 500, times: 3 });
    faults.take({ method: 'GET', path: '/oss/v2/buckets', app: undefined });
    const listed = await app.request('/_platform/faults');
    expect(await listed.json()).toEqual({ faults: [expect.objectContaining({ id: 'fault-1', fired: 1, times: 3 })] });
  });

  it('removes one rule, then clears the rest', async () => {
    const { app, faults, post } = admin();
    await post({ status: 500 });
    await post({ latencyMs: 10 });
    expect((await app.request('/_platform/faults/fault-1', { method: 'DELETE' })).status).toBe(204);
    expect(faults.list().map((rule) => rule.id)).toEqual(['fault-2']);
    const again = await app.request('/_platform/faults/fault-1', { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ errorCode: 'NOT_FOUND', developerMessage: /No fault rule fault-1/ });
    expect((await app.request('/_platform/faults', { method: 'DELETE' })).status).toBe(204);
    expect(faults.size).toBe(0);
  });

  it.each([
    [{ status: 503, cutAfterBytes: 5 }, /exclude each other/],
    [{ service: 'ftp', status: 500 }, /service/],
    [{ flag: 'oss status=503 when=later' }, /unknown key "when"/],
    ['{not json', /must be a JSON fault rule/],
  ])('refuses %j with 400 and words', async (body, words) => {
    const { faults, post } = admin();
    const refused = await post(body);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      errorCode: 'BAD_INPUT',
      developerMessage: expect.stringMatching(words),
    });
    expect(faults.size).toBe(0);
  });
});

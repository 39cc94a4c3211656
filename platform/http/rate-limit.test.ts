import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { TestClock } from '../testing/test-platform';
import { HttpError } from './errors';
import { rateLimit } from './rate-limit';

function limitedApp(limit: number) {
  const clock = new TestClock(new Date('2026-01-01T00:00:30Z'));
  let handled = 0;
  const app = new Hono();
  app.use(
    '*',
    rateLimit({
      limit,
      windowSeconds: 60,
      clock,
      key: (c) => c.req.header('x-app') ?? 'anonymous',
      error: (retryAfter) => new HttpError(429, { reason: `wait ${retryAfter}` }),
    }),
  );
  app.get('/', (c) => {
    handled += 1;
    return c.text('ok');
  });
  app.onError((error, c) => {
    if (!(error instanceof HttpError)) throw error;
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json(error.body, error.status);
  });
  const call = (appKey = 'a') => app.request('/', { headers: { 'x-app': appKey } });
  return { clock, call, handled: () => handled };
}

describe('rateLimit', () => {
  it('answers 429 with a whole-second Retry-After once the budget is spent, without running the handler', async () => {
    const { call, handled } = limitedApp(3);
    for (let i = 0; i < 3; i++) expect((await call()).status).toBe(200);
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(await refused.json()).toEqual({ reason: `wait ${refused.headers.get('retry-after')}` });
    expect(handled()).toBe(3);
    expect((await call('b')).status).toBe(200);
  });

  it('lets a request through exactly when Retry-After says, not before, whatever the windows hold', async () => {
    for (const [limit, burst, offset] of [
      [3, 3, 0],
      [5, 5, 10],
      [2, 2, 59],
      [1, 1, 0],
    ] as const) {
      const { clock, call } = limitedApp(limit);
      clock.advance(offset);
      for (let i = 0; i < burst; i++) await call();
      // Twice over: the second wait starts in a window whose predecessor is full.
      for (let round = 0; round < 2; round++) {
        const refused = await call();
        expect(refused.status).toBe(429);
        const retryAfter = Number(refused.headers.get('retry-after'));
        clock.advance(retryAfter - 1);
        if (retryAfter > 1) expect((await call()).status).toBe(429);
        clock.advance(1);
        expect((await call()).status).toBe(200);
      }
    }
  });

  it('is off at 0', async () => {
    const { call } = limitedApp(0);
    for (let i = 0; i < 20; i++) expect((await call()).status).toBe(200);
  });
});

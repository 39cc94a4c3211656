import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter';

describe('createLimiter', () => {
  it('holds the next holder until one releases', async () => {
    const limiter = createLimiter(2);
    const signal = new AbortController().signal;
    const first = await limiter.acquire(signal);
    await limiter.acquire(signal);
    let third = false;
    const waiting = limiter.acquire(signal).then(() => (third = true));
    await Promise.resolve();
    expect(third).toBe(false);
    first();
    first(); // a second release of the same hold does not free another place
    await waiting;
    expect(third).toBe(true);
  });

  it('drops a waiter whose signal aborts', async () => {
    const limiter = createLimiter(1);
    const release = await limiter.acquire(new AbortController().signal);
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toThrow();
    release();
    await expect(limiter.acquire(new AbortController().signal)).resolves.toBeTypeOf('function');
  });
});

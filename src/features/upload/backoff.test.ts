import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, realTimers, withRetry } from './backoff';
import { instantTimers } from '../../testing/upload/timers';

const policy = { retries: 3, baseMs: 100, maxMs: 1_000 };
const always = () => true;

describe('backoffDelay', () => {
  it('grows exponentially up to the cap, jittered within the upper half', () => {
    expect([0, 1, 2, 3, 4, 10].map((attempt) => backoffDelay(attempt, policy, () => 1))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
    expect(backoffDelay(2, policy, () => 0)).toBe(200);
  });
});

describe('withRetry', () => {
  it('retries a failing task with growing waits until it succeeds', async () => {
    const timers = instantTimers();
    let calls = 0;
    const result = await withRetry(
      () => {
        calls += 1;
        return calls < 3 ? Promise.reject(new Error('flaky')) : Promise.resolve('ok');
      },
      { policy, timers, signal: new AbortController().signal, retryable: always },
    );
    expect(result).toBe('ok');
    expect(timers.sleeps).toEqual([75, 150]);
  });

  it('gives up after the allowed retries with the last error', async () => {
    const timers = instantTimers();
    const task = vi.fn(() => Promise.reject(new Error('down')));
    await expect(
      withRetry(task, { policy, timers, signal: new AbortController().signal, retryable: always }),
    ).rejects.toThrow('down');
    expect(task).toHaveBeenCalledTimes(4);
  });

  it('does not retry what is not retryable, nor an abort', async () => {
    const timers = instantTimers();
    const task = vi.fn(() => Promise.reject(new Error('bad request')));
    await expect(
      withRetry(task, { policy, timers, signal: new AbortController().signal, retryable: () => false }),
    ).rejects.toThrow('bad request');
    const controller = new AbortController();
    controller.abort();
    await expect(withRetry(task, { policy, timers, signal: controller.signal, retryable: always })).rejects.toThrow(
      'bad request',
    );
    expect(task).toHaveBeenCalledTimes(2);
    expect(timers.sleeps).toEqual([]);
  });

  describe('with the real timers', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('waits the backoff before the next attempt, and a cancel ends the wait', async () => {
      const timers = { ...realTimers, random: () => 1 };
      const task = vi.fn(() => Promise.reject(new Error('flaky')));
      const controller = new AbortController();
      const running = withRetry(task, { policy, timers, signal: controller.signal, retryable: always });
      const settled = expect(running).rejects.toThrow();
      await vi.advanceTimersByTimeAsync(99);
      expect(task).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(task).toHaveBeenCalledTimes(2);
      controller.abort();
      await settled;
      await vi.advanceTimersByTimeAsync(10_000);
      expect(task).toHaveBeenCalledTimes(2);
    });
  });
});

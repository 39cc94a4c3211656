import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressWriter } from './progress-writer';

describe("a job's progress writer", () => {
  let written: number[];
  const write = (percent: number) => {
    written.push(percent);
    return Promise.resolve();
  };
  beforeEach(() => {
    written = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('writes the latest progress once per delay, in steps of at least 5 %', async () => {
    const progress = progressWriter(write, 100);
    progress.report(3);
    await vi.advanceTimersByTimeAsync(500);
    expect(written).toEqual([]);
    progress.report(12);
    progress.report(14);
    await vi.advanceTimersByTimeAsync(99);
    expect(written).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(written).toEqual([14]);
    progress.report(17);
    await vi.advanceTimersByTimeAsync(500);
    expect(written).toEqual([14]);
    progress.report(100.5);
    progress.report(40);
    await vi.advanceTimersByTimeAsync(100);
    expect(written).toEqual([14, 99]);
  });

  it('writes nothing for a job that ends before the delay', async () => {
    const progress = progressWriter(write, 100);
    progress.report(50);
    progress.report(90);
    await vi.advanceTimersByTimeAsync(60);
    progress.stop();
    progress.report(95);
    await vi.advanceTimersByTimeAsync(1000);
    expect(written).toEqual([]);
  });

  it('keeps writing after a write fails', async () => {
    let fail = true;
    const progress = progressWriter(
      (percent) => (fail ? Promise.reject(new Error('database busy')) : write(percent)),
      10,
    );
    progress.report(10);
    await vi.advanceTimersByTimeAsync(10);
    fail = false;
    progress.report(20);
    await vi.advanceTimersByTimeAsync(10);
    expect(written).toEqual([20]);
  });
});

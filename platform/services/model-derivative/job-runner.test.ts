import { describe, expect, it } from 'vitest';
import { systemClock } from '../../config';
import { createJobRunner, type JobRunnerDeps } from './job-runner';

// Work left by a request touches none of the runner's stores, translator or blobs.
const runnerLogging = (logged: string[]) =>
  createJobRunner({
    stores: {},
    clock: systemClock,
    workDir: '/nonexistent',
    logger: { error: (message: string) => logged.push(message) },
  } as unknown as JobRunnerDeps);

describe('work a request leaves for after its answer', () => {
  it('starts after the current turn, and idle waits for it to end', async () => {
    const runner = runnerLogging([]);
    const steps: string[] = [];
    let finish!: () => void;
    runner.afterAnswer(async () => {
      steps.push('started');
      await new Promise<void>((resolve) => (finish = resolve));
      steps.push('ended');
    });
    await Promise.resolve();
    expect(steps).toEqual([]);
    const idle = runner.idle().then(() => steps.push('idle'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(steps).toEqual(['started']);
    finish();
    await idle;
    expect(steps).toEqual(['started', 'ended', 'idle']);
  });

  it('logs a failure instead of throwing it, and close still ends', async () => {
    const logged: string[] = [];
    const runner = runnerLogging(logged);
    runner.afterAnswer(() => Promise.reject(new Error('disk gone')));
    await runner.close();
    expect(logged).toEqual(['model derivative: work after an answer failed']);
  });
});

import { describe, expect, it } from 'vitest';
import { attemptOutcome, CLOUD_RETRY_DELAYS_SECONDS, type AttemptOutcomeInput } from './retry-schedule';

const now = new Date('2026-01-01T00:00:00Z');
const input = (fields: Partial<AttemptOutcomeInput>): AttemptOutcomeInput => ({
  kind: 'event',
  n: 1,
  ok: false,
  statusAtSend: 'active',
  statusNow: 'active',
  retryDelaysSeconds: [10, 20],
  now,
  ...fields,
});

describe('attemptOutcome', () => {
  it('makes the default schedule 8 tries over about 48 hours', () => {
    expect(CLOUD_RETRY_DELAYS_SECONDS).toHaveLength(7);
    const hours = CLOUD_RETRY_DELAYS_SECONDS.reduce((sum, s) => sum + s, 0) / 3600;
    expect(hours).toBeGreaterThan(47);
    expect(hours).toBeLessThanOrEqual(48);
  });

  it('waits the n-th delay after the n-th failure, and fails the event after the last', () => {
    expect(attemptOutcome(input({ n: 1 }))).toEqual({
      state: 'pending',
      next: new Date(now.getTime() + 10_000),
      hook: 'none',
    });
    expect(attemptOutcome(input({ n: 2 }))).toEqual({
      state: 'pending',
      next: new Date(now.getTime() + 20_000),
      hook: 'none',
    });
    expect(attemptOutcome(input({ n: 3 }))).toEqual({ state: 'failed', next: null, hook: 'event-failed' });
    // An attempt repeated after a crash runs past the schedule by one, and still ends the event.
    expect(attemptOutcome(input({ n: 4 }))).toMatchObject({ state: 'failed', hook: 'event-failed' });
  });

  it('counts only event deliveries towards the hook', () => {
    expect(attemptOutcome(input({ ok: true }))).toMatchObject({ state: 'delivered', hook: 'delivered' });
    expect(attemptOutcome(input({ ok: true, kind: 'redelivery' }))).toMatchObject({ state: 'delivered', hook: 'none' });
    expect(attemptOutcome(input({ n: 3, kind: 'redelivery' }))).toMatchObject({ state: 'failed', hook: 'none' });
    expect(attemptOutcome(input({ kind: 'test' }))).toMatchObject({ state: 'failed', hook: 'none' });
  });

  it('gives a reactivated hook one attempt, and a hook gone inactive or deleted none more', () => {
    expect(attemptOutcome(input({ statusAtSend: 'reactivated', statusNow: 'reactivated' }))).toMatchObject({
      state: 'failed',
      hook: 'reactivation-failed',
    });
    expect(attemptOutcome(input({ statusNow: 'inactive' }))).toMatchObject({ state: 'failed', hook: 'none' });
    expect(attemptOutcome(input({ statusNow: undefined }))).toMatchObject({ state: 'failed', hook: 'none' });
  });
});

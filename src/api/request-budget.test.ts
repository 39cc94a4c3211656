import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inOrder, jsonResponse, mockFetch } from '../testing/fetch-mock';
import { configureHttp, requestJson } from './http';
import { currentRateLimitWait, type RateLimitWait } from './rate-limit-status';
import { createDefaultBudgets, createRequestBudget, DATA_MANAGEMENT_BUDGET_PER_MINUTE } from './request-budget';

const signal = () => new AbortController().signal;

describe('createRequestBudget', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lets a burst up to the limit through at once, then waits for the oldest to leave the window', async () => {
    const budget = createRequestBudget({ limit: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i += 1) await budget.acquire(signal());
    expect(budget.remaining()).toBe(0);

    let fourth = false;
    void budget.acquire(signal()).then(() => (fourth = true));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fourth).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(fourth).toBe(true);
    // The first three left the window together; the fourth is the only one in it now.
    expect(budget.remaining()).toBe(2);
  });

  it('holds every request back while paused by a Retry-After', async () => {
    const budget = createRequestBudget({ limit: 10, windowMs: 60_000 });
    budget.pause(5);
    expect(budget.remaining()).toBe(0);
    let through = false;
    void budget.acquire(signal()).then(() => (through = true));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(through).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(through).toBe(true);
  });

  it('after a refusal sends one request at a time, spaced further apart only when a spaced one is refused too', async () => {
    const budget = createRequestBudget({ limit: 6, windowMs: 60_000 });
    const sent: number[] = [];
    const start = Date.now();
    const send = () => budget.acquire(signal()).then(() => sent.push(Date.now() - start));
    // Three refusals of one burst pause once and keep the spacing at a minute over six: 10 s.
    for (let i = 0; i < 3; i += 1) budget.pause(2, start);
    const burst = [send(), send(), send()];
    await vi.advanceTimersByTimeAsync(30_000);
    await Promise.all(burst);
    expect(sent).toEqual([2_000, 12_000, 22_000]);
    // One of the spaced requests is refused as well: the spacing doubles.
    budget.pause(1, start + 22_000);
    const more = [send(), send()];
    await vi.advanceTimersByTimeAsync(60_000);
    await Promise.all(more);
    expect(sent.slice(3)).toEqual([42_000, 62_000]);
  });

  it('tells how long work waits, and whether the service refused or the allowance is spent', async () => {
    const reports: RateLimitWait[] = [];
    let open = 0;
    const report = (wait: RateLimitWait) => (reports.push(wait), (open += 1), () => void (open -= 1));
    const budget = createRequestBudget({ limit: 1, windowMs: 60_000, service: 'Data Management', report });
    await budget.acquire(signal());
    const held = budget.acquire(signal());
    await vi.advanceTimersByTimeAsync(0);
    expect(reports).toEqual([{ service: 'Data Management', until: Date.now() + 60_000, refused: false }]);
    await vi.advanceTimersByTimeAsync(60_000);
    await held;
    expect(open).toBe(0);
    const roomy = createRequestBudget({ limit: 10, windowMs: 60_000, service: 'Data Management', report });
    roomy.pause(5);
    const refused = roomy.acquire(signal());
    await vi.advanceTimersByTimeAsync(0);
    expect(reports[1]).toEqual({ service: 'Data Management', until: Date.now() + 5_000, refused: true });
    await vi.advanceTimersByTimeAsync(60_000);
    await refused;
    expect(open).toBe(0);
  });

  it('stops waiting when the request is cancelled', async () => {
    const budget = createRequestBudget({ limit: 1, windowMs: 60_000 });
    await budget.acquire(signal());
    const controller = new AbortController();
    const waiting = expect(budget.acquire(controller.signal)).rejects.toThrow();
    controller.abort();
    await waiting;
    // The cancelled request did not spend the allowance.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(budget.remaining()).toBe(1);
  });
});

describe('the default budgets', () => {
  it('meter Data Management and nothing else', () => {
    const budgetFor = createDefaultBudgets();
    const dm = budgetFor(new URL('http://p/data/v1/projects/a/folders/b'));
    expect(dm).not.toBeNull();
    expect(budgetFor(new URL('http://p/project/v1/hubs'))).toBe(dm);
    expect(budgetFor(new URL('http://p/oss/v2/buckets'))).toBeNull();
    expect(budgetFor(new URL('http://p/authentication/v2/token'))).toBeNull();
    expect(dm?.remaining()).toBe(DATA_MANAGEMENT_BUDGET_PER_MINUTE);
  });
});

describe('requests under a budget', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(respond: Parameters<typeof mockFetch>[0], limit: number) {
    const mock = mockFetch(respond);
    configureHttp({
      baseUrl: 'http://p',
      fetch: mock.fetch,
      getAccessToken: () => 't',
      refreshAccessToken: () => Promise.resolve(null),
      onSessionExpired: vi.fn(),
      budgetFor: createDefaultBudgets({ limit }),
    });
    return mock;
  }

  it('keeps Data Management requests within the allowance a minute, while others go straight out', async () => {
    const { calls } = setup(() => jsonResponse({}), 2);
    const results = [1, 2, 3].map(() => requestJson('/project/v1/hubs', { signal: signal() }));
    await requestJson('/oss/v2/buckets', { signal: signal() });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((call) => call.url.pathname)).toEqual(['/project/v1/hubs', '/project/v1/hubs', '/oss/v2/buckets']);
    await vi.advanceTimersByTimeAsync(60_000);
    await Promise.all(results);
    expect(calls).toHaveLength(4);
  });

  it('on a 429, waits Retry-After, holds the service’s other requests for as long, then spaces them out', async () => {
    const { calls } = setup(
      inOrder(
        () => new Response('', { status: 429, headers: { 'Retry-After': '3' } }),
        () => jsonResponse({ ok: 1 }),
      ),
      50,
    );
    const first = requestJson('/data/v1/projects/p/folders/f', { signal: signal() });
    await vi.advanceTimersByTimeAsync(0);
    const second = requestJson('/data/v1/projects/p/items/i', { signal: signal() });
    await vi.advanceTimersByTimeAsync(2_999);
    expect(calls).toHaveLength(1);
    expect(currentRateLimitWait()).toMatchObject({ service: 'Data Management', refused: true, until: Date.now() + 1 });
    await vi.advanceTimersByTimeAsync(1);
    await expect(first).resolves.toEqual({ ok: 1 });
    expect(calls).toHaveLength(2);
    // A minute over 50 requests: one every 1.2 s until a window has passed without a refusal.
    await vi.advanceTimersByTimeAsync(1_199);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(second).resolves.toEqual({ ok: 1 });
    expect(currentRateLimitWait()).toBeNull();
  });
});

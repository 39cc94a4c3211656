import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inOrder, jsonResponse, mockFetch } from '../testing/fetch-mock';
import { ApiError, configureHttp, parseRetryAfter, renewAccessToken, requestJson, type HttpConfig } from './http';

const BASE = 'http://platform.test';

function setup(respond: Parameters<typeof mockFetch>[0], session: Partial<HttpConfig> = {}) {
  const mock = mockFetch(respond);
  const config = {
    baseUrl: BASE,
    fetch: mock.fetch,
    getAccessToken: vi.fn(() => 'token-1'),
    refreshAccessToken: vi.fn(() => Promise.resolve('token-2')),
    onSessionExpired: vi.fn(),
    ...session,
  };
  configureHttp(config);
  return { ...mock, config };
}

const signal = () => new AbortController().signal;

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('request', () => {
  it('joins the base URL and query, and sends the bearer token', async () => {
    const { calls } = setup(() => jsonResponse({ ok: true }));
    await expect(
      requestJson('/project/v1/hubs', { signal: signal(), query: { 'filter[id]': ['a', 'b'], skip: undefined } }),
    ).resolves.toEqual({ ok: true });
    expect(calls[0]?.url.toString()).toBe(`${BASE}/project/v1/hubs?filter%5Bid%5D=a&filter%5Bid%5D=b`);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('sends form bodies without a token when the call is not authenticated', async () => {
    const { calls } = setup(() => jsonResponse({}));
    await requestJson('/authentication/v2/token', {
      signal: signal(),
      method: 'POST',
      authenticated: false,
      form: { grant_type: 'authorization_code', code: 'a b', scope: undefined },
    });
    expect(calls[0]?.headers.get('Authorization')).toBeNull();
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(calls[0]?.body).toBe('grant_type=authorization_code&code=a+b');
  });

  it('never sends the token to another origin', async () => {
    const { calls } = setup(() => jsonResponse({}));
    await requestJson('https://elsewhere.test/file', { signal: signal() });
    expect(calls[0]?.headers.get('Authorization')).toBeNull();
  });
});

describe('ApiError', () => {
  it.each([
    [
      'OAuth',
      { error: 'invalid_grant', error_description: 'The code has expired.' },
      'invalid_grant',
      'The code has expired.',
    ],
    [
      'APS gateway',
      { developerMessage: 'Token expired', userMessage: '', errorCode: 'AUTH-006', 'more info': 'x' },
      'AUTH-006',
      'Token expired',
    ],
    [
      'JSON:API',
      {
        jsonapi: { version: '1.0' },
        errors: [{ id: '1', status: '404', code: 'NOT_FOUND', title: 'Not found', detail: 'No hub a.1' }],
      },
      'NOT_FOUND',
      'No hub a.1',
    ],
    ['OSS', { reason: 'Bucket already exists' }, null, 'Bucket already exists'],
    ['Model Derivative', { diagnostic: 'Manifest not found' }, null, 'Manifest not found'],
  ])('reads the %s error body', async (_format, body, code, message) => {
    setup(() => jsonResponse(body, { status: 400 }));
    const error = await failure(requestJson('/x', { signal: signal(), authenticated: false }));
    expect(error).toMatchObject({ status: 400, code, message, body: JSON.stringify(body) });
  });

  it('uses a plain-text body as the message and keeps the request id', async () => {
    const text = 'Token does not have the privilege for this request.';
    setup(
      () =>
        new Response(text, {
          status: 403,
          headers: { 'Content-Type': 'text/plain', 'x-ads-troubleshooting': 'abc-123' },
        }),
    );
    const error = await failure(requestJson('/x', { signal: signal() }));
    expect(error).toMatchObject({ status: 403, code: null, message: text, requestId: 'abc-123', body: text });
  });

  it('explains the status in words when the body says nothing', async () => {
    setup(() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'x-request-id': 'req-9' } }));
    const error = await failure(requestJson('/x', { signal: signal() }));
    expect(error.message).toBe('The platform ran into a problem. Try again in a moment.');
    expect(error.requestId).toBe('req-9');
  });

  it('reports an unreachable platform as status 0', async () => {
    setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(requestJson('/x', { signal: signal() }));
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/could not be reached/);
  });
});

describe('401: renew the session once', () => {
  it('renews the token and repeats the request', async () => {
    const { calls, config } = setup(
      inOrder(
        () => new Response('', { status: 401 }),
        () => jsonResponse({ ok: 1 }),
      ),
    );
    await expect(requestJson('/x', { signal: signal() })).resolves.toEqual({ ok: 1 });
    expect(config.refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(calls.map((call) => call.headers.get('Authorization'))).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(config.onSessionExpired).not.toHaveBeenCalled();
  });

  it('gives up after one renewal and says the session expired', async () => {
    const { calls, config } = setup(() =>
      jsonResponse({ errorCode: 'AUTH-006', developerMessage: 'bad' }, { status: 401 }),
    );
    const error = await failure(requestJson('/x', { signal: signal() }));
    expect(error.status).toBe(401);
    expect(calls).toHaveLength(2);
    expect(config.refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(config.onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('does not repeat the request when the session cannot be renewed', async () => {
    const { calls, config } = setup(() => new Response('', { status: 401 }), {
      refreshAccessToken: vi.fn(() => Promise.resolve(null)),
    });
    await failure(requestJson('/x', { signal: signal() }));
    expect(calls).toHaveLength(1);
    expect(config.onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('shares one renewal between requests that fail together', async () => {
    let token = 'token-1';
    const { config } = setup(
      (call) =>
        call.headers.get('Authorization') === 'Bearer token-2' ? jsonResponse({}) : new Response('', { status: 401 }),
      {
        getAccessToken: () => token,
        refreshAccessToken: vi.fn(() => {
          token = 'token-2';
          return Promise.resolve(token);
        }),
      },
    );
    await Promise.all([requestJson('/a', { signal: signal() }), requestJson('/b', { signal: signal() })]);
    expect(config.refreshAccessToken).toHaveBeenCalledTimes(1);
  });

  it('joins a renewal started before expiry instead of renewing again', async () => {
    let token = 'token-1';
    let finish: () => void = () => undefined;
    const { config } = setup(
      (call) =>
        call.headers.get('Authorization') === 'Bearer token-2' ? jsonResponse({}) : new Response('', { status: 401 }),
      {
        getAccessToken: () => token,
        refreshAccessToken: vi.fn(
          () => new Promise<string | null>((resolve) => (finish = () => resolve((token = 'token-2')))),
        ),
      },
    );
    const early = renewAccessToken();
    // This request fails with the old token while the early renewal is still under way.
    const onRequest = requestJson('/a', { signal: signal() });
    const again = renewAccessToken();
    finish();
    await expect(Promise.all([early, again, onRequest])).resolves.toEqual(['token-2', 'token-2', {}]);
    expect(config.refreshAccessToken).toHaveBeenCalledTimes(1);
  });

  it('leaves 401s from unauthenticated calls to the caller', async () => {
    const { config } = setup(() =>
      jsonResponse({ error: 'invalid_client', error_description: 'Unknown client' }, { status: 401 }),
    );
    const error = await failure(requestJson('/token', { signal: signal(), authenticated: false }));
    expect(error.message).toBe('Unknown client');
    expect(config.refreshAccessToken).not.toHaveBeenCalled();
    expect(config.onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('429: wait as asked, then retry', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const tooMany = (seconds: string) => () => new Response('', { status: 429, headers: { 'Retry-After': seconds } });

  it('waits Retry-After seconds before retrying', async () => {
    const { calls } = setup(inOrder(tooMany('2'), () => jsonResponse({ ok: 1 })));
    const result = requestJson('/x', { signal: signal() });
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ ok: 1 });
    expect(calls).toHaveLength(2);
  });

  it('stops after a bounded number of retries', async () => {
    const { calls } = setup(tooMany('1'));
    const result = failure(requestJson('/x', { signal: signal() }));
    await vi.advanceTimersByTimeAsync(6000);
    expect((await result).status).toBe(429);
    expect(calls).toHaveLength(7);
  });

  it('fails at once when asked to wait too long', async () => {
    const { calls } = setup(tooMany('3600'));
    expect((await failure(requestJson('/x', { signal: signal() }))).status).toBe(429);
    expect(calls).toHaveLength(1);
  });

  it('stops waiting when the request is cancelled', async () => {
    setup(tooMany('5'));
    const controller = new AbortController();
    const result = requestJson('/x', { signal: controller.signal });
    const settled = expect(result).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await settled;
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('7')).toBe(7);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:30 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(30);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
  });
});

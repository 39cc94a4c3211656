import { describe, expect, it, vi } from 'vitest';
import type { HookDetails, HookList } from '../../../contracts/webhooks';
import { jsonResponse, mockFetch } from '../../testing/fetch-mock';
import { ApiError, configureHttp } from '../http';
import { webhookErrorField, webhookErrorMessage } from './errors';
import { createHook, getAllHooks, pageStateOf, patchHook, setSecret } from './requests';

function serve(respond: Parameters<typeof mockFetch>[0]) {
  const mock = mockFetch(respond);
  configureHttp({
    baseUrl: 'http://platform.test',
    fetch: mock.fetch,
    getAccessToken: () => 't',
    refreshAccessToken: () => Promise.resolve(null),
    onSessionExpired: vi.fn(),
  });
  return mock;
}

const hook = (hookId: string) => ({ hookId }) as HookDetails;
const page = (ids: string[], next: string | null): HookList => ({ links: { next }, data: ids.map(hook) });
const signal = () => new AbortController().signal;

describe('webhooks requests', () => {
  it('follow links.next to the last page, sending back only its pageState, with the region as x-ads-region', async () => {
    // The next link names the service's own host: through a gateway that is not the app's.
    const pages = [
      page(['a', 'b'], 'https://developer.api.autodesk.com/webhooks/v1/hooks?pageState=p2'),
      page(['c'], null),
    ];
    const mock = serve(() => jsonResponse(pages.shift()));
    const hooks = await getAllHooks('EMEA', signal());
    expect(hooks.map((each) => each.hookId)).toEqual(['a', 'b', 'c']);
    expect(mock.calls.map((call) => `${call.url.origin}${call.url.pathname}${call.url.search}`)).toEqual([
      'http://platform.test/webhooks/v1/hooks',
      'http://platform.test/webhooks/v1/hooks?pageState=p2',
    ]);
    expect(mock.calls.every((call) => call.headers.get('x-ads-region') === 'EMEA')).toBe(true);
  });

  it('stop when the service hands back a page state it already gave', async () => {
    const mock = serve(() => jsonResponse(page(['a'], 'http://platform.test/webhooks/v1/hooks?pageState=same')));
    expect(await getAllHooks('US', signal())).toHaveLength(2);
    expect(mock.calls).toHaveLength(2);
  });

  it('read a bare token or a relative next link as the page state', () => {
    expect(pageStateOf('abc')).toBe('abc');
    expect(pageStateOf('https://x.test/webhooks/v1/hooks?status=active&pageState=tok')).toBe('tok');
  });

  it('create a hook on its event path and read its id from Location', async () => {
    const mock = serve(
      () =>
        new Response(null, {
          status: 201,
          headers: { Location: 'http://platform.test/webhooks/v1/systems/data/events/dm.version.added/hooks/h-1' },
        }),
    );
    const payload = { callbackUrl: 'http://localhost:9/cb', scope: { folder: 'urn:f' } };
    await expect(
      createHook({ region: 'US', system: 'data', event: 'dm.version.added' }, payload, signal()),
    ).resolves.toEqual({
      hookId: 'h-1',
    });
    expect(mock.calls[0]?.method).toBe('POST');
    expect(mock.calls[0]?.url.pathname).toBe('/webhooks/v1/systems/data/events/dm.version.added/hooks');
    expect(JSON.parse(mock.calls[0]?.body ?? '')).toEqual(payload);
  });

  it('keep a wildcard event as the pattern it is', async () => {
    const mock = serve(() => new Response(null, { status: 200 }));
    await patchHook({ region: 'US', system: 'data', event: 'dm.*', hookId: 'h' }, { status: 'inactive' }, signal());
    expect(mock.calls[0]?.url.pathname).toBe('/webhooks/v1/systems/data/events/dm.*/hooks/h');
    expect(mock.calls[0]?.method).toBe('PATCH');
  });

  it('set, replace and remove the caller’s secret on the token routes', async () => {
    const mock = serve(() => new Response(null, { status: 204 }));
    await setSecret('US', { kind: 'create', token: 'x'.repeat(32) }, signal());
    await setSecret('US', { kind: 'replace', token: 'y'.repeat(32) }, signal());
    await setSecret('US', { kind: 'delete' }, signal());
    expect(mock.calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'POST /webhooks/v1/tokens',
      'PUT /webhooks/v1/tokens/@me',
      'DELETE /webhooks/v1/tokens/@me',
    ]);
  });
});

describe('webhook errors', () => {
  const refusal = (status: number, detail: string) =>
    new ApiError({
      status,
      code: 'BAD_INPUT',
      message: 'x',
      requestId: null,
      body: JSON.stringify({ id: '1', status, code: 'BAD_INPUT', detail: [detail] }),
      method: 'POST',
      url: '/webhooks/v1/…',
    });

  it('say the service’s words and name the field the rule concerns', () => {
    const host = refusal(
      400,
      'The host evil.test is not one a webhook callback may reach (serve --automation-allow-host evil.test allows it).',
    );
    expect(webhookErrorMessage(host)).toMatch(/--automation-allow-host/);
    expect(webhookErrorField(host)).toBe('callbackUrl');
    expect(webhookErrorField(refusal(400, 'filter cannot be used: unexpected ]'))).toBe('filter');
    expect(webhookErrorField(refusal(400, 'token must be 32 to 64 letters and digits.'))).toBe('token');
    expect(webhookErrorField(refusal(400, 'hookAttribute must be smaller than 1024 bytes.'))).toBe('hookAttribute');
    expect(webhookErrorField(refusal(400, 'The folder urn:x does not exist, or you are not allowed to see it.'))).toBe(
      'scope',
    );
    expect(webhookErrorField(refusal(409, 'Failed to create the hook: the same hook already exists.'))).toBe(
      'callbackUrl',
    );
    expect(webhookErrorField(refusal(500, 'callbackUrl broke'))).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../../api/http';
import { jsonResponse, mockFetch, type RecordedCall } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/render';
import { WEBHOOKS_PAGE_PATH } from './paths';
import { WebhooksPage } from './webhooks-page';
import { deliveryFixture, hookFixture } from './webhooks-fixtures';

const hooks = [
  hookFixture(),
  hookFixture({
    hookId: 'hook-2',
    event: 'dm.folder.added',
    callbackUrl: 'https://example.test/folders',
    status: 'inactive',
  }),
  hookFixture({ hookId: 'hook-3', system: 'derivative', event: 'extraction.finished', scope: { workflow: 'wf-1' } }),
];

function serve(respond?: (call: RecordedCall) => Response | undefined) {
  const mock = mockFetch((call) => {
    const answer = respond?.(call);
    if (answer) return answer;
    const path = call.url.pathname;
    if (path === '/webhooks/v1/hooks')
      return jsonResponse({ links: { next: null }, data: call.headers.get('x-ads-region') === 'EMEA' ? [] : hooks });
    if (path.endsWith('/deliveries')) return jsonResponse({ deliveries: [deliveryFixture()] });
    if (path.startsWith('/_platform/webhooks/deliveries/')) return jsonResponse(deliveryFixture());
    if (path === '/_platform/webhooks/events') return jsonResponse({ events: [] });
    return new Response(null, { status: 204 });
  });
  configureHttp({
    baseUrl: 'http://platform.test',
    fetch: mock.fetch,
    getAccessToken: () => 't',
    refreshAccessToken: () => Promise.resolve(null),
    onSessionExpired: vi.fn(),
  });
  return mock;
}

const show = (local: boolean, url = WEBHOOKS_PAGE_PATH) =>
  renderWithProviders(<WebhooksPage local={local} />, { path: WEBHOOKS_PAGE_PATH, url });

describe('WebhooksPage', () => {
  it('lists hooks by system and event, filters them, and asks again for another region', async () => {
    const mock = serve();
    const { user } = show(false);
    expect(await screen.findByRole('heading', { name: /Data Management/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Model Derivative/ })).toBeInTheDocument();
    const versions = screen.getByRole('table', { name: 'Hooks for dm.version.added' });
    expect(within(versions).getByRole('button', { name: 'http://localhost:4000/cb' })).toBeInTheDocument();
    expect(within(versions).getByText('active')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Filter hooks' }), 'inactive');
    expect(screen.queryByRole('table', { name: 'Hooks for dm.version.added' })).toBeNull();
    expect(screen.getByRole('table', { name: 'Hooks for dm.folder.added' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'EMEA');
    expect(await screen.findByRole('heading', { name: 'No hooks in EMEA' })).toBeInTheDocument();
    expect(mock.calls.at(-1)?.headers.get('x-ads-region')).toBe('EMEA');
    // Against APS only /webhooks/v1 is asked: nothing of the local deliveries API.
    expect(mock.calls.every((call) => call.url.pathname.startsWith('/webhooks/v1/'))).toBe(true);
  });

  it('saves only the changed settings, and deletes after one confirmation', async () => {
    const mock = serve();
    const { user } = show(false, `${WEBHOOKS_PAGE_PATH}?hook=hook-1`);
    const panel = await screen.findByRole('region', { name: 'dm.version.added' });
    const form = within(panel).getByRole('form', { name: 'Hook settings' });
    await user.selectOptions(within(form).getByLabelText('Status'), 'inactive');
    await user.click(within(form).getByLabelText('Filter'));
    await user.paste("$[?(@.ext=='rvt')]");
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(mock.calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = mock.calls.find((call) => call.method === 'PATCH');
    expect(patch?.url.pathname).toBe('/webhooks/v1/systems/data/events/dm.version.added/hooks/hook-1');
    expect(JSON.parse(patch?.body ?? '')).toEqual({ status: 'inactive', filter: "$[?(@.ext=='rvt')]" });
    expect(await within(form).findByText('Saved.')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Delete hook…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this hook?' });
    expect(mock.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete hook' }));
    await waitFor(() => expect(mock.calls.some((call) => call.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'dm.version.added' })).toBeNull());
  });

  it('shows a refused setting next to its field, in the service’s words', async () => {
    serve((call) =>
      call.method === 'PATCH'
        ? jsonResponse(
            { id: 'x', status: 400, code: 'BAD_INPUT', detail: ['filter cannot be used: unexpected end'] },
            { status: 400 },
          )
        : undefined,
    );
    const { user } = show(false, `${WEBHOOKS_PAGE_PATH}?hook=hook-1`);
    const form = await screen.findByRole('form', { name: 'Hook settings' });
    await user.click(within(form).getByLabelText('Filter'));
    await user.paste('$[?(');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    const field = within(form).getByLabelText('Filter');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(/filter cannot be used: unexpected end/);
  });

  it('on the local platform, shows a hook’s deliveries with request and response side by side', async () => {
    const mock = serve();
    const { user } = show(true, `${WEBHOOKS_PAGE_PATH}?hook=hook-1`);
    const list = await screen.findByRole('table', { name: 'Deliveries' });
    expect(within(list).getByText('delivered 200')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'dm.version.added' }));
    const detail = await screen.findByRole('region', { name: 'Delivery of dm.version.added' });
    expect(within(detail).getByText('x-adsk-signature: sha1hash=0123abcd')).toBeInTheDocument();
    expect(within(detail).getByRole('region', { name: 'Attempt 1 request' })).toHaveTextContent('chair.rvt');
    expect(within(detail).getByRole('region', { name: 'Attempt 1 response' })).toHaveTextContent('200');
    expect(within(detail).getByText('How a receiver verifies the signature')).toBeInTheDocument();

    await user.click(within(detail).getByRole('button', { name: 'Redeliver' }));
    await user.click(screen.getByRole('button', { name: 'Send a test event' }));
    await waitFor(() =>
      expect(mock.calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual([
        '/_platform/webhooks/deliveries/del-1/redeliver',
        '/_platform/webhooks/hooks/hook-1/test',
      ]),
    );
  });

  it('says which rule kept a recent event from the hook', async () => {
    const event = {
      id: 'ev-9',
      region: 'US',
      system: 'data',
      event: 'dm.version.added',
      resourceUrn: 'urn:v',
      createdAt: '2026-12-07T10:20:00.000Z',
      payload: { name: 'desk.dwg' },
    };
    const mock = serve((call) => {
      if (call.url.pathname === '/_platform/webhooks/events') return jsonResponse({ events: [event] });
      if (call.url.pathname === '/_platform/webhooks/hooks/hook-1/why')
        return jsonResponse({
          matched: false,
          rule: 'filter',
          reason: "The filter $[?(@.ext=='rvt')] does not match.",
        });
      return undefined;
    });
    const { user } = show(true, `${WEBHOOKS_PAGE_PATH}?hook=hook-1`);
    const select = await screen.findByRole('combobox', { name: 'Recent event' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(select, 'ev-9');
    expect(await screen.findByText('Not sent: the filter rule')).toBeInTheDocument();
    expect(screen.getByText("The filter $[?(@.ext=='rvt')] does not match.")).toBeInTheDocument();
    expect(mock.calls.find((call) => call.url.pathname.endsWith('/why'))?.url.searchParams.get('event')).toBe('ev-9');
  });
});

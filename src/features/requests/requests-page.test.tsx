import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  InspectedRequest,
  InspectedRequestList,
  InspectedRequestSummary,
} from '../../../contracts/request-inspector';
import { configureHttp } from '../../api/http';
import { saveUrl } from '../../lib/save-url';
import { jsonResponse, mockFetch, type RecordedCall } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/render';
import { REQUESTS_PATH } from './request-paths';
import { RequestsPage } from './requests-page';

vi.mock('../../lib/save-url', () => ({ saveUrl: vi.fn() }));

const summary = (id: number, overrides: Partial<InspectedRequestSummary> = {}): InspectedRequestSummary => ({
  id,
  requestId: `req-${id}`,
  startedAt: new Date(Date.UTC(2026, 0, 1, 12, 0, id)).toISOString(),
  method: 'GET',
  path: `/oss/v2/buckets?n=${id}`,
  service: 'oss',
  status: 200,
  durationMs: 3,
  app: 'app-one',
  user: null,
  requestSize: null,
  responseSize: 120,
  ...overrides,
});

const whole = (entry: InspectedRequestSummary): InspectedRequest => ({
  ...entry,
  url: `http://platform.test${entry.path}`,
  request: {
    headers: [{ name: 'authorization', value: 'Bearer REDACTED' }],
    body: { contentType: null, size: null, text: null, truncated: false },
  },
  response: {
    headers: [{ name: 'content-type', value: 'application/json' }],
    body: { contentType: 'application/json', size: 17, text: '{ "items": [] }', truncated: false },
  },
});

/** The platform's log: what a listing answers, honouring `since`, and what a clear does. */
function servePlatform(initial: InspectedRequestSummary[]) {
  const log = { requests: [...initial], clearedThrough: 0 };
  const latest = () => Math.max(0, ...log.requests.map((entry) => entry.id), log.clearedThrough);
  const mock = mockFetch((call: RecordedCall) => {
    const path = call.url.pathname;
    if (call.method === 'DELETE') {
      log.clearedThrough = latest();
      log.requests = [];
      return new Response(null, { status: 204 });
    }
    if (path.endsWith('/har')) return jsonResponse({ log: { version: '1.2', entries: [] } });
    const id = /\/(\d+)$/.exec(path)?.[1];
    if (id) return jsonResponse(whole(log.requests.find((entry) => entry.id === Number(id))!));
    const since = Number(call.url.searchParams.get('since') ?? 0);
    const list: InspectedRequestList = {
      requests: log.requests.filter((entry) => entry.id > since).sort((a, b) => b.id - a.id),
      latestId: latest(),
      clearedThrough: log.clearedThrough,
    };
    return jsonResponse(list);
  });
  configureHttp({
    baseUrl: 'http://platform.test',
    fetch: mock.fetch,
    getAccessToken: () => 'token',
    refreshAccessToken: vi.fn(() => Promise.resolve(null)),
    onSessionExpired: vi.fn(),
  });
  return { ...mock, log };
}

const renderPage = (url = REQUESTS_PATH) => renderWithProviders(<RequestsPage />, { path: REQUESTS_PATH, url });
const rows = () => within(screen.getByRole('table', { name: 'Requests' })).getAllByRole('rowheader');
const listings = (calls: RecordedCall[]) => calls.filter((call) => call.url.pathname === '/_platform/requests');

beforeEach(() => {
  vi.mocked(saveUrl).mockClear();
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:har'), revokeObjectURL: vi.fn() });
});

describe('RequestsPage', () => {
  it('lists the requests newest first and adds new ones as they come, asking only for those', async () => {
    const platform = servePlatform([summary(1), summary(2, { status: 404, path: '/oss/v2/buckets/none/details' })]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Requests' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Requests' });
    expect(rows().map((row) => row.textContent)).toEqual(['/oss/v2/buckets/none/details', '/oss/v2/buckets?n=1']);

    platform.log.requests.push(summary(3, { path: '/project/v1/hubs', service: 'data-management' }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('/project/v1/hubs'), { timeout: 3_000 });
    expect(rows()).toHaveLength(3);
    expect(listings(platform.calls).at(-1)?.url.searchParams.get('since')).toBe('2');
  });

  it('filters by service, status and app, keeping them in the address', async () => {
    const platform = servePlatform([summary(1)]);
    const { user, router } = renderPage();
    await screen.findByRole('table', { name: 'Requests' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Service' }), 'data-management');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '4xx');
    await user.type(screen.getByRole('combobox', { name: 'App' }), 'app-one');
    await waitFor(() => {
      const query = listings(platform.calls).at(-1)!.url.searchParams;
      expect([query.get('service'), query.get('status'), query.get('app')]).toEqual([
        'data-management',
        '4xx',
        'app-one',
      ]);
    });
    expect(router.state.location.search).toBe('?service=data-management&status=4xx&app=app-one');
  });

  it('shows one request whole beside the list, from the address too, and closes it', async () => {
    servePlatform([summary(1), summary(2)]);
    const { user, router } = renderPage();
    await screen.findByRole('table', { name: 'Requests' });
    await user.click(screen.getByRole('button', { name: '/oss/v2/buckets?n=1' }));
    const detail = await screen.findByRole('region', { name: 'GET /oss/v2/buckets?n=1' });
    expect(router.state.location.search).toBe('?request=1');
    expect(within(detail).getByRole('heading', { name: 'Request headers' })).toBeInTheDocument();
    expect(within(detail).getByText('Bearer REDACTED')).toBeInTheDocument();
    expect(within(detail).getByRole('heading', { name: 'Response body' })).toBeInTheDocument();
    expect(within(detail).getByText('{ "items": [] }')).toBeInTheDocument();
    await user.click(within(detail).getByRole('button', { name: 'Close the request' }));
    expect(screen.queryByRole('region', { name: /GET/ })).not.toBeInTheDocument();
  });

  it('opens the request the address names', async () => {
    servePlatform([summary(1), summary(2)]);
    renderPage(`${REQUESTS_PATH}?request=2`);
    expect(await screen.findByRole('region', { name: 'GET /oss/v2/buckets?n=2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '/oss/v2/buckets?n=2' })).toHaveAttribute('aria-current', 'true');
  });

  it('moves between rows with the arrow keys', async () => {
    servePlatform([summary(1), summary(2)]);
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Requests' });
    screen.getByRole('button', { name: '/oss/v2/buckets?n=2' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: '/oss/v2/buckets?n=1' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('region', { name: 'GET /oss/v2/buckets?n=1' })).toBeInTheDocument();
  });

  it('pauses and resumes the live list with a button that names what it does', async () => {
    servePlatform([summary(1)]);
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Requests' });
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    const resume = screen.getByRole('button', { name: 'Resume' });
    // Not a toggle: a changing label with aria-pressed would say "Resume, pressed" while paused.
    expect(resume).not.toHaveAttribute('aria-pressed');
    await user.click(resume);
    expect(screen.getByRole('button', { name: 'Pause' })).not.toHaveAttribute('aria-pressed');
  });

  it('downloads the filtered requests as a HAR file', async () => {
    const platform = servePlatform([summary(1)]);
    const { user } = renderPage(`${REQUESTS_PATH}?service=oss`);
    await screen.findByRole('table', { name: 'Requests' });
    await user.click(screen.getByRole('button', { name: 'Download HAR' }));
    await waitFor(() => expect(saveUrl).toHaveBeenCalledWith('blob:har', 'platform-requests.har'));
    const har = platform.calls.find((call) => call.url.pathname === '/_platform/requests/har');
    expect(har?.url.searchParams.get('service')).toBe('oss');
  });

  it('clears the log after asking once', async () => {
    const platform = servePlatform([summary(1)]);
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Requests' });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(await screen.findByRole('button', { name: 'Clear requests' }));
    expect(await screen.findByText('No requests yet', {}, { timeout: 3_000 })).toBeInTheDocument();
    expect(platform.calls.some((call) => call.method === 'DELETE')).toBe(true);
  });
});

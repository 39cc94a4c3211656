import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../../api/http';
import { envelope, folder, hub, project, recordsPage } from '../../testing/dm-fixtures';
import { jsonResponse, mockFetch, type RecordedCall } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/render';
import { scrollElement, useVirtualLayout } from '../../testing/virtual-layout';
import { FolderPage } from './folder-page';
import { PLACE_PATTERNS } from './places';

const TOTAL = 5000;
const ARCHIVE = 'urn:archive';

/**
 * Page `page` of the Archive's items whose names contain one of `needles` (comma-separated alternatives),
 * as the service filters them: case for case.
 */
function filteredPage(needles: string, page: number) {
  const all = Array.from({ length: Math.ceil(TOTAL / 200) }, (_, n) => recordsPage(ARCHIVE, n, TOTAL));
  const items = all
    .flatMap((one) => one.data)
    .filter(
      (entry) =>
        entry.type === 'items' && needles.split(',').some((needle) => entry.attributes.displayName.includes(needle)),
    );
  const tips = all.flatMap((one) => one.included ?? []);
  const slice = items.slice(page * 200, page * 200 + 200);
  return envelope(slice, {
    included: tips.filter((tip) => slice.some((entry) => tip.id.startsWith(`${entry.id}?`))),
    ...(items.length > page * 200 + 200 ? { next: 'http://platform.test/next' } : {}),
  });
}

/**
 * The platform for a project whose top folder holds Archive, with 5,000 items in 200-row pages.
 * `hold` keeps pages after the first waiting until `release` is called.
 */
function serve({ hold = false } = {}) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const mock = mockFetch(async (call: RecordedCall) => {
    const path = decodeURIComponent(call.url.pathname);
    const page = Number(call.url.searchParams.get('page[number]'));
    const needle = call.url.searchParams.get('filter[displayName]-contains');
    if (path.endsWith('/contents') && needle !== null) return jsonResponse(filteredPage(needle, page));
    if (path.endsWith('/contents')) {
      if (hold && page > 0) await held;
      return jsonResponse(recordsPage(ARCHIVE, page, TOTAL));
    }
    if (path.endsWith(`/folders/${ARCHIVE}`))
      return jsonResponse(envelope(folder(ARCHIVE, 'Archive', 'urn:top', { objectCount: TOTAL })));
    if (path.endsWith('/folders/urn:top'))
      return jsonResponse(envelope(folder('urn:top', 'Project Files', 'urn:root')));
    if (path.endsWith('/projects/a.project')) return jsonResponse(envelope(project()));
    if (path.endsWith('/hubs/a.hub')) return jsonResponse(envelope(hub()));
    return jsonResponse(
      { errors: [{ status: '404', code: 'NOT_FOUND', title: 'Not found', detail: path }] },
      { status: 404 },
    );
  });
  configureHttp({
    baseUrl: 'http://platform.test',
    fetch: mock.fetch,
    getAccessToken: () => 't',
    refreshAccessToken: () => Promise.resolve(null),
    onSessionExpired: vi.fn(),
  });
  const pagesAsked = () =>
    mock.calls
      .filter((call) => call.url.pathname.endsWith('/contents'))
      .map((call) => Number(call.url.searchParams.get('page[number]')));
  return { ...mock, pagesAsked, release };
}

const url = (search = '') => `/hubs/a.hub/projects/a.project/folders/${ARCHIVE}${search}`;

describe('FolderPage', () => {
  useVirtualLayout();

  it('sizes the grid for every row, and fetches only the pages that come into view', async () => {
    const { pagesAsked } = serve();
    renderWithProviders(<FolderPage />, { path: PLACE_PATTERNS.folder, url: url() });

    const grid = await screen.findByRole('grid', { name: 'Contents of Archive' });
    expect(await within(grid).findByRole('row', { name: /record-0001\.txt/ })).toBeInTheDocument();
    await waitFor(() => expect(grid).toHaveAttribute('aria-rowcount', String(TOTAL + 1)));
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'Demo Company›Riverside Offices›Project Files›Archive'.replaceAll('›', ''),
    );
    expect(pagesAsked()).toEqual([0]);

    // To the end in one jump: the last page, not the 23 between.
    act(() => scrollElement(grid, 36 * TOTAL));
    expect(await within(grid).findByRole('row', { name: /record-5000\.txt/ })).toBeInTheDocument();
    expect(pagesAsked()).toEqual([0, 24]);
  });

  it('moves through the rows with the keyboard and opens one with Enter', async () => {
    serve();
    const { user } = renderWithProviders(<FolderPage />, { path: PLACE_PATTERNS.folder, url: url() });
    const grid = await screen.findByRole('grid');
    const first = await within(grid).findByRole('rowheader', { name: /record-0001\.txt/ });
    expect(first).toHaveAttribute('tabindex', '0');

    await user.click(first);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(grid).getByRole('rowheader', { name: /record-0003\.txt/ })).toHaveFocus();
    await user.keyboard('{Control>}{End}{/Control}');
    await waitFor(() => expect(within(grid).getByRole('rowheader', { name: /record-5000\.txt/ })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText(/^At \/hubs\/a\.hub\/projects\/a\.project\/items\/urn:item:5000$/),
    ).toBeInTheDocument();
  });

  it("keeps the rows in the service's order while the pages for another order arrive, then rearranges once", async () => {
    const { pagesAsked, release } = serve({ hold: true });
    const { user } = renderWithProviders(<FolderPage />, { path: PLACE_PATTERNS.folder, url: url() });
    const grid = await screen.findByRole('grid');
    await within(grid).findByRole('rowheader', { name: /record-0001\.txt/ });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'size:desc');
    await waitFor(() => expect(pagesAsked()).toHaveLength(25));
    expect(screen.getByRole('status')).toHaveTextContent('Sorting by size needs every row: 200 of 5,000 loaded…');
    expect(within(screen.getByRole('grid')).getAllByRole('rowheader')[0]).toHaveAccessibleName(/record-0001\.txt/);

    act(release);
    await waitFor(() =>
      expect(within(screen.getByRole('grid')).getAllByRole('rowheader')[0]).toHaveAccessibleName(/record-5000\.txt/),
    );
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('sorts by size by loading every page, with progress, then shows the largest first', async () => {
    const { pagesAsked } = serve();
    renderWithProviders(<FolderPage />, { path: PLACE_PATTERNS.folder, url: url('?sort=size&order=desc') });
    await screen.findByRole('grid', {}, { timeout: 5000 });
    await waitFor(() => expect(pagesAsked()).toHaveLength(25));
    // Arranged, the grid starts again at its top.
    await waitFor(() =>
      expect(within(screen.getByRole('grid')).getAllByRole('rowheader')[0]).toHaveAccessibleName(/record-5000\.txt/),
    );
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveValue('size:desc');
  });

  it('filters by name through the service, one page for one match, with the view kept in the address', async () => {
    const { calls } = serve();
    const { user, router } = renderWithProviders(<FolderPage />, { path: PLACE_PATTERNS.folder, url: url() });
    await screen.findByRole('grid');
    await user.keyboard('/');
    expect(screen.getByRole('searchbox', { name: 'Filter by name' })).toHaveFocus();
    await user.keyboard('4999');
    expect(await screen.findByText(/^1 match for “4999”/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(
      within(screen.getByRole('grid'))
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['record-4999.txt']);
    expect(router.state.location.search).toBe('?q=4999');
    // Asked once the typing paused, for the whole name typed: no page per key, no page of the unfiltered 5,000.
    const filtered = calls.filter((call) => call.url.searchParams.has('filter[displayName]-contains'));
    expect(filtered.map((call) => call.url.searchParams.get('filter[displayName]-contains'))).toEqual(['4999']);
  });

  it('ignores case as the service cannot, still one page for the one match', async () => {
    const { calls } = serve();
    const { user } = renderWithProviders(<FolderPage />, { path: PLACE_PATTERNS.folder, url: url() });
    await screen.findByRole('grid');
    await user.type(screen.getByRole('searchbox', { name: 'Filter by name' }), 'RECORD-4999');
    expect(await screen.findByText(/^1 match for “RECORD-4999”/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(
      within(screen.getByRole('grid'))
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['record-4999.txt']);
    // The spellings of "ECORD-4999", alternatives of one filter: its first page, none of the folder's 25.
    const filtered = calls.filter((call) => call.url.searchParams.has('filter[displayName]-contains'));
    expect(filtered.map((call) => call.url.searchParams.get('page[number]'))).toEqual(filtered.map(() => '0'));
    expect(filtered.at(-1)!.url.searchParams.get('filter[displayName]-contains')!.split(',')).toContain('ecord-4999');
    const listed = calls.filter(
      (call) => call.url.pathname.endsWith('/contents') && !call.url.searchParams.has('filter[displayName]-contains'),
    );
    expect(listed.map((call) => call.url.searchParams.get('page[number]'))).toEqual(['0']);
  });
});

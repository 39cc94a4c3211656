import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../../api/http';
import { envelope, folder, hub, item, project } from '../../testing/dm-fixtures';
import { jsonResponse, mockFetch, type RecordedCall } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/render';
import { useVirtualLayout } from '../../testing/virtual-layout';
import { FolderPage } from './folder-page';
import { PLACE_PATTERNS } from './places';

const notFound = (path: string) =>
  jsonResponse(
    { errors: [{ status: '404', code: 'NOT_FOUND', title: 'Not found', detail: `No folder at ${path}` }] },
    { status: 404 },
  );

/** Project Files (urn:top) lists Drawings (urn:drawings) and plan.pdf; `state.down` takes the platform away. */
function serve(state: { down: boolean; drawingsGone: boolean }) {
  const mock = mockFetch((call: RecordedCall) => {
    if (state.down) return Promise.reject(new TypeError('Failed to fetch'));
    const path = decodeURIComponent(call.url.pathname);
    if (path.endsWith('/folders/urn:top/contents')) {
      return jsonResponse(
        envelope([folder('urn:drawings', 'Drawings', 'urn:top'), item('urn:plan', 'plan.pdf', 'urn:top')]),
      );
    }
    if (path.endsWith('/folders/urn:top'))
      return jsonResponse(envelope(folder('urn:top', 'Project Files', 'urn:root', { objectCount: 2 })));
    if (path.includes('/folders/urn:drawings')) return state.drawingsGone ? notFound(path) : jsonResponse(envelope([]));
    if (path.endsWith('/projects/a.project')) return jsonResponse(envelope(project()));
    if (path.endsWith('/hubs/a.hub')) return jsonResponse(envelope(hub()));
    return notFound(path);
  });
  configureHttp({
    baseUrl: 'http://platform.test',
    fetch: mock.fetch,
    getAccessToken: () => 't',
    refreshAccessToken: () => Promise.resolve(null),
    onSessionExpired: vi.fn(),
    maxRateLimitRetries: 0,
  });
  return mock;
}

const at = (folderId: string) => `/hubs/a.hub/projects/a.project/folders/${folderId}`;

describe('FolderPage when things go wrong', () => {
  useVirtualLayout();

  it('keeps the rows on screen when a Refresh cannot reach the platform', async () => {
    const state = { down: false, drawingsGone: false };
    serve(state);
    const { user, queryClient } = renderWithProviders(<FolderPage />, {
      path: PLACE_PATTERNS.folder,
      url: at('urn:top'),
    });
    const grid = await screen.findByRole('grid', { name: 'Contents of Project Files' });
    expect(await within(grid).findByRole('row', { name: /plan\.pdf/ })).toBeInTheDocument();

    state.down = true;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));

    expect(screen.getByRole('heading', { name: 'Project Files', level: 1 })).toBeInTheDocument();
    expect(within(screen.getByRole('grid')).getByRole('row', { name: /plan\.pdf/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers the folder that listed a missing folder, besides Retry', async () => {
    const state = { down: false, drawingsGone: true };
    serve(state);
    const { user, router } = renderWithProviders(<FolderPage />, { path: PLACE_PATTERNS.folder, url: at('urn:top') });
    await within(await screen.findByRole('grid')).findByRole('row', { name: /Drawings/ });

    await act(() => router.navigate(at('urn:drawings')));
    expect(await screen.findByRole('heading', { name: "This folder can't be found", level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go up to Project Files' }));
    expect(router.state.location.pathname).toBe(at('urn:top'));
  });

  it('offers the project when nothing this tab has seen listed the missing folder', async () => {
    serve({ down: false, drawingsGone: true });
    renderWithProviders(<FolderPage />, { path: PLACE_PATTERNS.folder, url: at('urn:drawings') });
    expect(await screen.findByRole('link', { name: 'Go to Riverside Offices' })).toHaveAttribute(
      'href',
      '/hubs/a.hub/projects/a.project',
    );
  });
});

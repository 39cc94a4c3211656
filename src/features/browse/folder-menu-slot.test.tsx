import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../../api/http';
import { envelope, folder, hub, item, project } from '../../testing/dm-fixtures';
import { jsonResponse, mockFetch } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/render';
import { useVirtualLayout } from '../../testing/virtual-layout';
import { FolderPage, type FolderMenuSlot } from './folder-page';
import { PLACE_PATTERNS } from './places';

const HERE = 'urn:here';

function serve() {
  const mock = mockFetch((call) => {
    const path = decodeURIComponent(call.url.pathname);
    if (path.endsWith('/contents'))
      return jsonResponse(envelope([folder('urn:sub', 'Chairs', HERE), item('urn:item', 'plan.pdf', HERE)]));
    if (path.endsWith('/versions')) return jsonResponse(envelope([]));
    if (path.endsWith(`/folders/${HERE}`)) return jsonResponse(envelope(folder(HERE, 'Here', 'urn:top')));
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
}

describe('FolderPage: menu entries plugged in from outside browse', () => {
  useVirtualLayout();

  it('adds them to a subfolder’s menu, with the folder’s place and name, and not to a file’s', async () => {
    serve();
    const run = vi.fn<(target: unknown) => void>();
    const folderMenu: FolderMenuSlot = (target) => [
      {
        label: 'Notify a URL of changes…',
        run: () => {
          run(target);
        },
      },
    ];
    const { user } = renderWithProviders(<FolderPage folderMenu={folderMenu} />, {
      path: PLACE_PATTERNS.folder,
      url: `/hubs/a.hub/projects/a.project/folders/${HERE}`,
    });
    const grid = await screen.findByRole('grid', { name: 'Contents of Here' });

    const file = await within(grid).findByRole('row', { name: /plan\.pdf/ });
    await user.pointer({ keys: '[MouseRight]', target: within(file).getByRole('rowheader') });
    expect(screen.queryByRole('menuitem', { name: 'Notify a URL of changes…' })).toBeNull();
    await user.keyboard('{Escape}');

    const sub = within(grid).getByRole('row', { name: /Chairs/ });
    await user.pointer({ keys: '[MouseRight]', target: within(sub).getByRole('rowheader') });
    await user.click(screen.getByRole('menuitem', { name: 'Notify a URL of changes…' }));
    expect(run).toHaveBeenCalledWith({ hubId: 'a.hub', projectId: 'a.project', folderId: 'urn:sub', name: 'Chairs' });
  });
});

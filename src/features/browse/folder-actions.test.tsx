import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../../api/http';
import { toastStore } from '../../components/ui/toast-store';
import { envelope, folder, hub, item, project, recordsPage } from '../../testing/dm-fixtures';
import { jsonResponse, mockFetch, type RecordedCall } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/render';
import { useVirtualLayout } from '../../testing/virtual-layout';
import { FolderPage } from './folder-page';
import { PLACE_PATTERNS } from './places';

const HERE = 'urn:here';

/** A folder of three files; PATCH items answers with the renamed file. */
function serve() {
  const mock = mockFetch((call: RecordedCall) => {
    const path = decodeURIComponent(call.url.pathname);
    if (call.method === 'PATCH' && path.includes('/items/')) {
      const body = JSON.parse(call.body ?? '{}') as { data: { id: string; attributes: { displayName: string } } };
      return jsonResponse(envelope(item(body.data.id, body.data.attributes.displayName, HERE)));
    }
    if (path.endsWith('/contents')) return jsonResponse(recordsPage(HERE, 0, 3));
    if (path.endsWith('/versions')) return jsonResponse(envelope([]));
    if (path.endsWith(`/folders/${HERE}`))
      return jsonResponse(envelope(folder(HERE, 'Here', 'urn:top', { objectCount: 3 })));
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
  return mock;
}

const patches = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'PATCH')
    .map((call) => (JSON.parse(call.body ?? '{}') as { data: { attributes: unknown } }).data.attributes);

describe('FolderPage: picking rows and acting on them', () => {
  useVirtualLayout();
  afterEach(() => toastStore.setState({ toasts: [] }));

  it('a click picks a row for the details panel, Ctrl+click adds one, and the menu renames with Undo in the toast', async () => {
    const mock = serve();
    const { user } = renderWithProviders(<FolderPage />, {
      path: PLACE_PATTERNS.folder,
      url: `/hubs/a.hub/projects/a.project/folders/${HERE}`,
    });
    const grid = await screen.findByRole('grid', { name: 'Contents of Here' });
    const first = await within(grid).findByRole('row', { name: /record-0001\.txt/ });
    const second = within(grid).getByRole('row', { name: /record-0002\.txt/ });

    await user.click(within(first).getAllByRole('gridcell').at(-1)!);
    expect(first).toHaveAttribute('aria-selected', 'true');
    const panel = await screen.findByRole('complementary', { name: 'Details' });
    expect(within(panel).getByRole('heading', { name: 'record-0001.txt' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Copy Item ID' })).toBeInTheDocument();
    expect(grid).toHaveAttribute('data-compact', 'true');

    await user.keyboard('{Control>}');
    await user.click(within(second).getAllByRole('gridcell').at(-1)!);
    await user.keyboard('{/Control}');
    expect(within(panel).getByRole('heading', { name: '2 selected' })).toBeInTheDocument();

    await user.pointer({ keys: '[MouseRight]', target: within(first).getByRole('rowheader') });
    const menu = screen.getByRole('menu', { name: '2 selected' });
    expect(within(menu).queryByRole('menuitem', { name: 'Rename…' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Delete 2' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(within(first).getAllByRole('gridcell').at(-1)!);
    await user.pointer({ keys: '[MouseRight]', target: within(first).getByRole('rowheader') });
    await user.click(screen.getByRole('menuitem', { name: 'Rename…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename “record-0001.txt”' });
    await user.clear(within(dialog).getByLabelText('New name'));
    await user.type(within(dialog).getByLabelText('New name'), 'a/b.txt');
    expect(within(dialog).getByRole('button', { name: 'Rename' })).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('New name'));
    await user.type(within(dialog).getByLabelText('New name'), 'plan.txt');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));

    await waitFor(() =>
      expect(toastStore.getState().toasts.map((toast) => toast.title)).toContain('Renamed to “plan.txt”'),
    );
    expect(patches(mock.calls)).toEqual([{ displayName: 'plan.txt' }]);
    toastStore
      .getState()
      .toasts.find((toast) => toast.action)!
      .action!.run();
    await waitFor(() =>
      expect(patches(mock.calls)).toEqual([{ displayName: 'plan.txt' }, { displayName: 'record-0001.txt' }]),
    );
  });

  it('says a name is taken as it is typed, in any case, from the rows loaded, and keeps the dialog from sending it', async () => {
    const mock = serve();
    const { user } = renderWithProviders(<FolderPage />, {
      path: PLACE_PATTERNS.folder,
      url: `/hubs/a.hub/projects/a.project/folders/${HERE}`,
    });
    const grid = await screen.findByRole('grid', { name: 'Contents of Here' });
    const first = await within(grid).findByRole('row', { name: /record-0001\.txt/ });
    await user.pointer({ keys: '[MouseRight]', target: within(first).getByRole('rowheader') });
    await user.click(screen.getByRole('menuitem', { name: 'Rename…' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename “record-0001.txt”' });
    const input = within(rename).getByLabelText('New name');
    await user.clear(input);
    await user.type(input, 'RECORD-0002.txt');
    expect(input).toHaveAccessibleDescription('A file named “record-0002.txt” already exists here.');
    expect(within(rename).getByRole('button', { name: 'Rename' })).toBeDisabled();
    // Its own name in another case is no clash.
    await user.clear(input);
    await user.type(input, 'Record-0001.txt');
    expect(input).not.toHaveAccessibleDescription();
    expect(within(rename).getByRole('button', { name: 'Rename' })).toBeEnabled();
    await user.click(within(rename).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: /New folder/ }));
    const create = await screen.findByRole('dialog', { name: 'New folder' });
    const folderName = within(create).getByLabelText('Folder name');
    await user.clear(folderName);
    await user.type(folderName, 'record-0003.TXT');
    expect(within(create).getByText('A file named “record-0003.txt” already exists here.')).toBeInTheDocument();
    expect(within(create).getByRole('button', { name: 'Create' })).toBeDisabled();
    expect(mock.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});

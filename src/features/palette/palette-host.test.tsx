import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dmQueries } from '../../api/data-management/queries';
import { configureHttp } from '../../api/http';
import { SHORTCUTS } from '../../lib/shortcuts';
import { envelope, folder, hub, item, project, version } from '../../testing/dm-fixtures';
import { jsonResponse, mockFetch } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/render';
import { PaletteHost } from './palette-host';
import { recentPlacesStore } from './recent-places';
import type { PalettePaths } from './targets';

const paths: PalettePaths = {
  hub: (h) => `/hubs/${h}`,
  project: (h, p) => `/hubs/${h}/projects/${p}`,
  folder: (h, p, f) => `/hubs/${h}/projects/${p}/folders/${f}`,
  item: (h, p, i) => `/hubs/${h}/projects/${p}/items/${i}`,
};

const tip = {
  ...version('urn:tower', 'Tower.ifc', 2),
  relationships: { item: { data: { type: 'items', id: 'urn:tower' } } },
};

function serve() {
  const mock = mockFetch((call) => {
    if (call.url.pathname.endsWith('/search'))
      return jsonResponse(envelope([tip], { included: [item('urn:tower', 'Tower.ifc', 'urn:top', 2)] }));
    return jsonResponse(envelope(project()));
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

function renderHost() {
  const view = renderWithProviders(<PaletteHost place={{ hubId: 'a.hub', projectId: 'a.project' }} paths={paths} />, {
    path: '/here',
  });
  view.queryClient.setQueryData(dmQueries.hubs().queryKey, envelope([hub()]));
  view.queryClient.setQueryData(
    dmQueries.projects('a.hub').queryKey,
    envelope([project(), project('a.bridge', 'Harbour Bridge')]),
  );
  view.queryClient.setQueryData(
    dmQueries.topFolders('a.hub', 'a.project').queryKey,
    envelope([folder('urn:top', 'Project Files', 'urn:root')]),
  );
  return view;
}

beforeEach(() => recentPlacesStore.setState({ places: [] }));

describe('the command palette', () => {
  it('lists the places the app knows, filters them as you type, and opens the active one with Enter', async () => {
    serve();
    const { user } = renderHost();
    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByRole('combobox', { name: /Go to a place/ });
    expect(input).toHaveFocus();
    const listbox = screen.getByRole('listbox', { name: 'Places and files' });
    expect(
      within(listbox).getByRole('option', { name: /Project Files.*Folder · Riverside Offices/ }),
    ).toBeInTheDocument();
    expect(within(listbox).getByRole('option', { name: /Demo Company.*Hub/ })).toBeInTheDocument();

    await user.type(input, 'harb');
    const bridge = screen.getByRole('option', { name: /Harbour Bridge.*Project · Demo Company/ });
    expect(bridge).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', bridge.id);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('At /hubs/a.hub/projects/a.bridge')).toBeInTheDocument();
  });

  it("finds the project's files through the folder search, in every spelling of the text, and goes to one", async () => {
    const mock = serve();
    const { user } = renderHost();
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByRole('combobox'), 'tow');
    const files = await screen.findByRole('group', { name: 'Files in Riverside Offices' });
    const tower = within(files).getByRole('option', { name: /Tower\.ifc.*version 2/ });
    const search = mock.calls.find((call) => call.url.pathname.endsWith('/search'))!;
    expect(decodeURIComponent(search.url.pathname)).toBe('/data/v1/projects/a.project/folders/urn:top/search');
    expect(search.url.searchParams.get('filter[displayName]-contains')).toBe('tow,TOW,Tow');
    expect(screen.getByRole('status')).toHaveTextContent('1 file found in Riverside Offices.');
    await user.keyboard('{ArrowDown}{ArrowUp}{ArrowDown}');
    expect(tower).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('At /hubs/a.hub/projects/a.project/items/urn:tower')).toBeInTheDocument();
  });

  it('tells files of one name apart by their folder paths, walked up to the top folder', async () => {
    const twin = {
      ...version('urn:tower-2', 'Tower.ifc', 1),
      relationships: { item: { data: { type: 'items', id: 'urn:tower-2' } } },
    };
    const mock = mockFetch((call) => {
      const path = decodeURIComponent(call.url.pathname);
      if (path.endsWith('/search'))
        return jsonResponse(
          envelope([tip, twin], {
            included: [item('urn:tower', 'Tower.ifc', 'urn:top', 2), item('urn:tower-2', 'Tower.ifc', 'urn:2024', 1)],
          }),
        );
      if (path.endsWith('/folders/urn:2024')) return jsonResponse(envelope(folder('urn:2024', '2024', 'urn:archive')));
      if (path.endsWith('/folders/urn:archive'))
        return jsonResponse(envelope(folder('urn:archive', 'Archive', 'urn:top')));
      return jsonResponse(envelope(project()));
    });
    configureHttp({
      baseUrl: 'http://platform.test',
      fetch: mock.fetch,
      getAccessToken: () => 't',
      refreshAccessToken: () => Promise.resolve(null),
      onSessionExpired: vi.fn(),
    });
    const { user } = renderHost();
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByRole('combobox'), 'tow');
    const files = await screen.findByRole('group', { name: 'Files in Riverside Offices' });
    expect(
      await within(files).findByRole('option', { name: /Tower\.ifc.*Project Files \/ Archive \/ 2024 · version 1/ }),
    ).toBeInTheDocument();
    expect(within(files).getByRole('option', { name: /Tower\.ifc.*Project Files · version 2/ })).toBeInTheDocument();
  });

  it('keeps the place on screen as recent, and Ctrl+K again closes the palette', async () => {
    serve();
    const { user } = renderHost();
    await waitFor(() =>
      expect(recentPlacesStore.getState().places[0]).toMatchObject({
        kind: 'project',
        id: 'a.project',
        name: 'Riverside Offices',
      }),
    );
    await user.keyboard('{Control>}k{/Control}');
    const recent = await screen.findByRole('group', { name: 'Recent' });
    expect(within(recent).getByRole('option', { name: /Riverside Offices/ })).toBeInTheDocument();
    await user.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument());
  });
});

describe('the shortcut list', () => {
  it('opens on ? outside a text field and lists every shortcut of the registry', async () => {
    serve();
    const { user } = renderHost();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const shortcut of Object.values(SHORTCUTS))
      expect(within(dialog).getByText(shortcut.description)).toBeInTheDocument();
    // The keys a folder's rows answer (folder-grid's handlers) are listed, pressed together where they must be.
    for (const [keys, action] of [
      ['F2', 'Rename the row'],
      ['Delete', 'Delete the selected rows'],
      ['Space', 'Select or unselect the row'],
      ['Shift + ↑/↓', 'add the next row to the selection'],
      ['Ctrl + A', 'Select every row'],
      ['Shift + F10', 'Open the row’s menu'],
    ] as const)
      expect(
        within(dialog).getByRole('row', { name: new RegExp(`^${keys.replace(/[+/]/g, '\\$&')}.*${action}`) }),
      ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();

    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByRole('combobox'), '?');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../../api/http';
import { envelope, folder, hub, item, project, recordsPage } from '../../testing/dm-fixtures';
import { jsonResponse, mockFetch } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/render';
import { HubTree } from './hub-tree';

// Its own file: the tree's open nodes are module state, and this must start from a closed tree, as a reload does.
describe('HubTree on a page whose path does not name the place', () => {
  it('opens the way to the folder of the item the model page names, as after a reload', async () => {
    const mock = mockFetch((call) => {
      const path = decodeURIComponent(call.url.pathname);
      if (path === '/project/v1/hubs') return jsonResponse(envelope([hub()]));
      if (path.endsWith('/projects')) return jsonResponse(envelope([project('a.project', 'Riverside Offices')]));
      if (path.endsWith('/topFolders'))
        return jsonResponse(envelope([folder('urn:top', 'Project Files', 'urn:root', { objectCount: 1 })]));
      if (path.endsWith('/folders/urn:top/contents'))
        return jsonResponse(envelope([folder('urn:arch', 'Architecture', 'urn:top')]));
      if (path.endsWith('/contents')) return jsonResponse(recordsPage('x', 0, 0));
      if (path.endsWith('/items/urn:item')) return jsonResponse(envelope(item('urn:item', 'house.ifc', 'urn:arch')));
      if (path.endsWith('/folders/urn:arch'))
        return jsonResponse(envelope(folder('urn:arch', 'Architecture', 'urn:top')));
      if (path.endsWith('/folders/urn:top'))
        return jsonResponse(envelope(folder('urn:top', 'Project Files', 'urn:root', { objectCount: 1 })));
      return jsonResponse(envelope(project()));
    });
    configureHttp({
      baseUrl: 'http://platform.test',
      fetch: mock.fetch,
      getAccessToken: () => 't',
      refreshAccessToken: () => Promise.resolve(null),
      onSessionExpired: vi.fn(),
    });
    renderWithProviders(<HubTree place={{ hubId: 'a.hub', projectId: 'a.project', itemId: 'urn:item' }} />, {
      path: '/models/:urn',
      url: '/models/dXJu?hub=a.hub&project=a.project&item=urn:item',
    });
    // Five requests in a row (hubs, projects, item, folders, contents) before the node shows: a loaded machine needs time.
    const patience = { timeout: 5000 };
    const architecture = await screen.findByRole('treeitem', { name: 'Architecture' }, patience);
    await waitFor(() => expect(architecture).toHaveAttribute('aria-selected', 'true'), patience);
    expect(screen.getByRole('treeitem', { name: 'Project Files' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('treeitem', { name: 'Riverside Offices' })).toHaveAttribute('aria-expanded', 'true');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../../api/http';
import { envelope, folder, hub, project, recordsPage } from '../../testing/dm-fixtures';
import { jsonResponse, mockFetch, type RecordedCall } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/render';
import { HubTree } from './hub-tree';

function serve() {
  const mock = mockFetch((call: RecordedCall) => {
    const path = decodeURIComponent(call.url.pathname);
    if (path === '/project/v1/hubs') return jsonResponse(envelope([hub()]));
    if (path.endsWith('/projects'))
      return jsonResponse(
        envelope([project('a.project', 'Riverside Offices'), project('a.bridge', 'Harbour Bridge Retrofit')]),
      );
    if (path.endsWith('/topFolders'))
      return jsonResponse(envelope([folder('urn:top', 'Project Files', 'urn:root', { objectCount: 2 })]));
    if (path.endsWith('/folders/urn:top/contents')) {
      expect(call.url.searchParams.get('filter[type]')).toBe('folders');
      return jsonResponse(
        envelope([
          folder('urn:arch', 'Architecture', 'urn:top', { objectCount: 1 }),
          folder('urn:empty', 'Structure', 'urn:top'),
        ]),
      );
    }
    if (path.endsWith('/contents')) return jsonResponse(recordsPage('x', 0, 0));
    if (path.endsWith('/folders/urn:arch'))
      return jsonResponse(envelope(folder('urn:arch', 'Architecture', 'urn:top', { objectCount: 1 })));
    if (path.endsWith('/folders/urn:top'))
      return jsonResponse(envelope(folder('urn:top', 'Project Files', 'urn:root', { objectCount: 2 })));
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

const node = (name: string) => screen.getByRole('treeitem', { name });

describe('HubTree', () => {
  it('opens level by level from the keyboard and opens a page with Enter', async () => {
    serve();
    const { user } = renderWithProviders(<HubTree />, { path: '/hubs', url: '/hubs' });
    const tree = await screen.findByRole('tree', { name: 'Hubs, projects and folders' });
    const demo = within(tree).getByRole('treeitem', { name: 'Demo Company' });
    expect(demo).toHaveAttribute('aria-expanded', 'false');

    await user.tab();
    expect(demo).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(demo).toHaveAttribute('aria-expanded', 'true');
    await screen.findByRole('treeitem', { name: 'Riverside Offices' });
    await user.keyboard('{ArrowRight}');
    expect(node('Harbour Bridge Retrofit')).toBeInTheDocument();
    expect(node('Riverside Offices')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    await screen.findByRole('treeitem', { name: 'Project Files' });
    await user.keyboard('{ArrowDown}');
    expect(node('Project Files')).toHaveFocus();
    expect(node('Project Files')).toHaveAttribute('aria-level', '3');
    await user.keyboard('{ArrowRight}');
    await screen.findByRole('treeitem', { name: 'Architecture' });
    // A folder without children shows no expander.
    expect(node('Structure')).not.toHaveAttribute('aria-expanded');
    await user.keyboard('{End}');
    expect(node('Harbour Bridge Retrofit')).toHaveFocus();
    await user.keyboard('{Home}{ArrowLeft}');
    expect(demo).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('At /hubs/a.hub')).toBeInTheDocument();
  });

  it('opens itself along the way to the folder on screen and marks it', async () => {
    serve();
    renderWithProviders(<HubTree />, {
      path: '/hubs/:hubId/projects/:projectId/folders/:folderId',
      url: '/hubs/a.hub/projects/a.project/folders/urn:arch',
    });
    const architecture = await screen.findByRole('treeitem', { name: 'Architecture' });
    expect(architecture).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(architecture).toHaveAttribute('tabindex', '0'));
    expect(node('Project Files')).toHaveAttribute('aria-expanded', 'true');
  });
});

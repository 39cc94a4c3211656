import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Folder, Item, Version } from '../../../contracts/data-management';
import { configureHttp } from '../../api/http';
import { lastProjectStore } from '../../lib/last-project';
import { envelope, folder, hub, item, project, version } from '../../testing/dm-fixtures';
import { jsonResponse, mockFetch } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/render';
import { ProjectPicker } from './project-picker';

const FILES = ['house.ifc', 'part.step', 'scene.gltf', 'plan.dxf'];

function serve() {
  const mock = mockFetch((call) => {
    const path = decodeURIComponent(call.url.pathname);
    if (path === '/project/v1/hubs') return jsonResponse(envelope([hub()]));
    if (path.endsWith('/projects'))
      return jsonResponse(
        envelope([project('a.project', 'Riverside Offices'), project('b.project', 'Harbour Bridge')]),
      );
    if (path.endsWith('/topFolders')) return jsonResponse(envelope([folder('urn:top', 'Project Files', 'urn:root')]));
    if (path.endsWith('/folders/urn:top/contents')) {
      const items = FILES.map((name) => item(`urn:${name}`, name, 'urn:top'));
      const tips = items.map((entry) =>
        version(entry.id, entry.attributes.displayName, 1, { storage: `urn:adsk.objects:os.object:b/${entry.id}` }),
      );
      return jsonResponse(
        envelope<(Folder | Item)[], Version>([folder('urn:out', 'Results', 'urn:top'), ...items], { included: tips }),
      );
    }
    if (path.endsWith('/folders/urn:out/contents')) return jsonResponse(envelope([]));
    return jsonResponse({ errors: [] }, { status: 404 });
  });
  configureHttp({
    baseUrl: 'http://platform.test',
    fetch: mock.fetch,
    getAccessToken: () => 't',
    refreshAccessToken: () => Promise.resolve(null),
    onSessionExpired: vi.fn(),
  });
}

// Hubs, projects, then folders: requests in a row, which a loaded machine answers slowly.
const patience = { timeout: 5000 };

beforeEach(() => lastProjectStore.setState({ last: { hubId: 'a.hub', projectId: 'b.project' } }));

describe('ProjectPicker', () => {
  it('starts in the project browsed last, not the first one listed', async () => {
    serve();
    renderWithProviders(<ProjectPicker mode="folder" label="result" onPick={vi.fn()} />);
    await screen.findByRole('option', { name: 'Harbour Bridge' }, patience);
    expect(screen.getByLabelText('Project for result')).toHaveValue('b.project');
  });

  it('lists only files of the extension the input expects, and says how many it left out', async () => {
    serve();
    const onPick = vi.fn();
    const { user } = renderWithProviders(<ProjectPicker mode="file" label="model" accept=".ifc" onPick={onPick} />);
    await user.click(await screen.findByRole('button', { name: 'Project Files' }, patience));
    const list = await screen.findByRole('list', { name: 'Contents of Project Files' }, patience);
    expect(within(list).getByRole('button', { name: /house\.ifc/ })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /part\.step|scene\.gltf|plan\.dxf/ })).not.toBeInTheDocument();
    expect(list).toHaveTextContent('3 files are not shown: model takes .ifc files.');
  });

  it('chooses an output folder by opening it', async () => {
    serve();
    const onPick = vi.fn();
    const { user } = renderWithProviders(<ProjectPicker mode="folder" label="result" onPick={onPick} />);
    await user.click(await screen.findByRole('button', { name: 'Project Files' }, patience));
    await user.click(await screen.findByRole('button', { name: 'Results' }, patience));
    expect(onPick).toHaveBeenLastCalledWith({
      hubId: 'a.hub',
      projectId: 'b.project',
      folderId: 'urn:out',
      folderName: 'Results',
    });
    expect(screen.getByText('Saves in Results.')).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { encodeUrn } from '../../../contracts/model-derivative';
import { configureHttp } from '../../api/http';
import { envelope, folder, hub, item, project, version } from '../../testing/dm-fixtures';
import { jsonResponse, mockFetch } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/render';
import { useVirtualLayout } from '../../testing/virtual-layout';
import { FolderPage } from './folder-page';
import { PLACE_PATTERNS } from './places';

vi.mock('../../lib/save-url', () => ({ saveUrl: vi.fn() }));
const { saveUrl } = await import('../../lib/save-url');

const HERE = 'urn:here';
const PLAN = 'urn:adsk.wipprod:dm.lineage:plan';
const tip = version(PLAN, 'plan.ifc', 2, { storage: 'urn:adsk.objects:os.object:wip.dm.prod:plan-2.ifc' });
const NOTES = 'urn:adsk.wipprod:dm.lineage:notes';
const notes = version(NOTES, 'notes.txt', 1, { storage: 'urn:adsk.objects:os.object:wip.dm.prod:notes.txt' });

function serve() {
  const mock = mockFetch((call) => {
    const path = decodeURIComponent(call.url.pathname);
    if (path.endsWith('/signeds3download'))
      return jsonResponse({ status: 'complete', url: 'http://platform.test/signed/plan-2', params: {}, size: 10 });
    if (path.endsWith('/designdata/formats')) return jsonResponse({ formats: { svf2: ['ifc'] } });
    if (path.endsWith('/contents'))
      return jsonResponse(
        envelope([item(PLAN, 'plan.ifc', HERE, 2), item(NOTES, 'notes.txt', HERE)], { included: [tip, notes] }),
      );
    if (path.endsWith('/versions')) return jsonResponse(envelope([tip]));
    if (path.endsWith(`/folders/${HERE}`)) return jsonResponse(envelope(folder(HERE, 'Here', 'urn:top')));
    if (path.endsWith('/projects/a.project')) return jsonResponse(envelope(project()));
    if (path.endsWith('/hubs/a.hub')) return jsonResponse(envelope(hub()));
    return jsonResponse({ diagnostic: 'Not found' }, { status: 404 });
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

async function openMenu(name = 'plan.ifc') {
  const rendered = renderWithProviders(<FolderPage />, {
    path: PLACE_PATTERNS.folder,
    url: `/hubs/a.hub/projects/a.project/folders/${HERE}`,
  });
  const grid = await screen.findByRole('grid', { name: 'Contents of Here' });
  const row = await within(grid).findByRole('row', { name: new RegExp(name.replace('.', '\\.')) });
  await rendered.user.pointer({ keys: '[MouseRight]', target: within(row).getByRole('rowheader') });
  return { ...rendered, menu: screen.getByRole('menu', { name: `Actions for ${name}` }) };
}

describe('FolderPage: acting on a file where it is listed', () => {
  useVirtualLayout();

  it("offers View, Translate, Download and Copy link in the file's menu, in that order after Open", async () => {
    serve();
    const { menu } = await openMenu();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((entry) => entry.textContent),
    ).toEqual(['Open', 'View', 'Translate…', 'Download', 'Copy link', 'Rename…', 'Copy ID', 'Delete']);
  });

  it('offers no View or Translate for a file the platform makes nothing from', async () => {
    serve();
    const { menu } = await openMenu('notes.txt');
    await vi.waitFor(() => expect(within(menu).queryByRole('menuitem', { name: 'View' })).toBeNull());
    expect(within(menu).getByRole('menuitem', { name: 'Download' })).toBeInTheDocument();
  });

  it('downloads the tip version through a signed URL, named as the file', async () => {
    const mock = serve();
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Download' }));
    await vi.waitFor(() => expect(saveUrl).toHaveBeenCalledWith('http://platform.test/signed/plan-2', 'plan.ifc'));
    const signed = mock.calls.find((call) => call.url.pathname.endsWith('/signeds3download'));
    expect(signed?.url.pathname).toBe('/oss/v2/buckets/wip.dm.prod/objects/plan-2.ifc/signeds3download');
  });

  it('opens the model page to translate the tip version, with the file’s place', async () => {
    serve();
    const { user, menu, router } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Translate…' }));
    const { pathname, search } = router.state.location;
    expect(pathname).toBe(`/models/${encodeUrn(tip.id)}`);
    expect(new URLSearchParams(search).get('translate')).toBe('1');
    expect(new URLSearchParams(search).get('item')).toBe(PLAN);
  });

  it('copies a link to the file’s page', async () => {
    serve();
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Copy link' }));
    await vi.waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe(
        `${window.location.origin}/hubs/a.hub/projects/a.project/items/${PLAN}`,
      ),
    );
  });

  it('downloads the picked files as one zip, from the details panel', async () => {
    serve();
    const fileBytes = vi.fn((url: string) => Promise.resolve(new Response(`bytes of ${url}`)));
    vi.stubGlobal('fetch', fileBytes);
    const blobUrl = vi.fn(() => 'blob:zip');
    Object.assign(URL, { createObjectURL: blobUrl, revokeObjectURL: vi.fn() });
    try {
      const { user } = renderWithProviders(<FolderPage />, {
        path: PLACE_PATTERNS.folder,
        url: `/hubs/a.hub/projects/a.project/folders/${HERE}`,
      });
      const grid = await screen.findByRole('grid', { name: 'Contents of Here' });
      await user.click(
        within(await within(grid).findByRole('row', { name: /plan\.ifc/ })).getAllByRole('gridcell')[1]!,
      );
      await user.keyboard('{Control>}');
      await user.click(within(within(grid).getByRole('row', { name: /notes\.txt/ })).getAllByRole('gridcell')[1]!);
      await user.keyboard('{/Control}');
      const panel = await screen.findByRole('complementary', { name: 'Details' });
      await user.click(within(panel).getByRole('button', { name: 'Download 2 as zip' }));
      await vi.waitFor(() => expect(saveUrl).toHaveBeenCalledWith('blob:zip', 'Here.zip'));
      expect(fileBytes).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

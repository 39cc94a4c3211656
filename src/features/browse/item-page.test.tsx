import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../../api/http';
import { envelope, folder, hub, item, project, version } from '../../testing/dm-fixtures';
import { jsonResponse, mockFetch, type RecordedCall } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/render';
import { encodeUrn } from '../../../contracts/model-derivative';
import { ItemPage } from './item-page';
import { PLACE_PATTERNS } from './places';

vi.mock('../../lib/save-url', () => ({ saveUrl: vi.fn() }));
const { saveUrl } = await import('../../lib/save-url');

const ITEM = 'urn:adsk.wipprod:dm.lineage:house';
const versions = [
  version(ITEM, 'demo-house.ifc', 3, {
    size: 131_072,
    comment: 'Roof revised',
    storage: 'urn:adsk.objects:os.object:wip.dm.prod:house-3.ifc',
    time: '2026-01-06T09:00:00.000Z',
  }),
  version(ITEM, 'demo-house.ifc', 2, {
    size: 125_500,
    comment: 'Windows moved',
    storage: 'urn:adsk.objects:os.object:wip.dm.prod:house-2.ifc',
    time: '2026-01-05T09:00:00.000Z',
  }),
  version(ITEM, 'demo-house.ifc', 1, { size: 120_000, time: '2026-01-04T09:00:00.000Z' }),
];

function serve(
  download: () => Response = () =>
    jsonResponse({ status: 'complete', url: 'http://platform.test/signed/house-2', params: {}, size: 125_500 }),
) {
  const mock = mockFetch((call: RecordedCall) => {
    const path = decodeURIComponent(call.url.pathname);
    if (path.endsWith('/signeds3download')) return download();
    if (path.endsWith('/designdata/formats')) return jsonResponse({ formats: { svf2: ['ifc', 'step'] } });
    if (path.endsWith('/manifest'))
      return path.includes(encodeUrn(versions[0]!.id))
        ? jsonResponse({ status: 'success', progress: 'complete', derivatives: [] })
        : jsonResponse({ diagnostic: 'Manifest not found' }, { status: 404 });
    if (path.endsWith(`/items/${ITEM}/versions`)) return jsonResponse(envelope(versions));
    if (path.endsWith(`/items/${ITEM}`))
      return jsonResponse(envelope(item(ITEM, 'demo-house.ifc', 'urn:models', 3), { included: [versions[0]!] }));
    if (path.endsWith('/folders/urn:models')) return jsonResponse(envelope(folder('urn:models', 'Models', 'urn:arch')));
    if (path.endsWith('/folders/urn:arch'))
      return jsonResponse(envelope(folder('urn:arch', 'Architecture', 'urn:top')));
    if (path.endsWith('/folders/urn:top'))
      return jsonResponse(envelope(folder('urn:top', 'Project Files', 'urn:root')));
    if (path.endsWith('/projects/a.project')) return jsonResponse(envelope(project()));
    return jsonResponse(envelope(hub()));
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

describe('ItemPage', () => {
  it('lists every version with date, author, size and comment, and details the tip', async () => {
    serve();
    renderWithProviders(<ItemPage />, {
      path: PLACE_PATTERNS.item,
      url: `/hubs/a.hub/projects/a.project/items/${ITEM}`,
    });

    const history = await screen.findByRole('table', { name: 'Version history' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['v3', 'v2', 'v1']);
    expect(rows[1]).toHaveTextContent('Dana Demo');
    expect(rows[1]).toHaveTextContent('126 KB');
    expect(rows[1]).toHaveTextContent('Windows moved');
    expect(screen.getByRole('heading', { name: 'demo-house.ifc', level: 1 })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
        /Project Files.*Architecture.*Models.*demo-house\.ifc/,
      ),
    );
    expect(
      within(screen.getByRole('complementary', { name: 'Version details' })).getByRole('heading', {
        name: 'Version 3',
      }),
    ).toBeInTheDocument();
  });

  it('shows the version its address names, and downloads it through its storage object', async () => {
    const mock = serve();
    const { user } = renderWithProviders(<ItemPage />, {
      path: PLACE_PATTERNS.version,
      url: `/hubs/a.hub/projects/a.project/items/${ITEM}/versions/2`,
    });

    const details = await screen.findByRole('complementary', { name: 'Version details' });
    expect(await within(details).findByRole('heading', { name: 'Version 2' })).toBeInTheDocument();
    expect(details).toHaveTextContent('Windows moved');
    expect(screen.getByRole('link', { name: 'v2' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Download version 2' }));
    await vi.waitFor(() =>
      expect(saveUrl).toHaveBeenCalledWith('http://platform.test/signed/house-2', 'demo-house.ifc'),
    );
    const signed = mock.calls.find((call) => call.url.pathname.endsWith('/signeds3download'));
    expect(signed?.url.pathname).toBe('/oss/v2/buckets/wip.dm.prod/objects/house-2.ifc/signeds3download');
  });

  it('says where a download failed, in words, beside the versions', async () => {
    serve(() => jsonResponse({ reason: 'Object not found' }, { status: 404 }));
    const { user } = renderWithProviders(<ItemPage />, {
      path: PLACE_PATTERNS.item,
      url: `/hubs/a.hub/projects/a.project/items/${ITEM}`,
    });
    await user.click(await screen.findByRole('button', { name: 'Download version 3' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Couldn't download version 3");
    expect(alert).toHaveTextContent('Object not found');

    await user.click(screen.getByRole('button', { name: 'Download version 1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Version 1 has no stored file to download.');
  });

  it("marks a deleted version as deleted, offers no download of it, and shows each version's translation", async () => {
    const deleted = version(ITEM, 'demo-house.ifc', 2, { time: '2026-01-05T09:00:00.000Z' });
    deleted.attributes.extension.type = 'versions:autodesk.core:Deleted';
    const original = versions[1]!;
    versions[1] = deleted;
    try {
      serve();
      renderWithProviders(<ItemPage />, {
        path: PLACE_PATTERNS.item,
        url: `/hubs/a.hub/projects/a.project/items/${ITEM}`,
      });
      const history = await screen.findByRole('table', { name: 'Version history' });
      const [v3, v2, v1] = within(history).getAllByRole('row').slice(1);
      expect(v2).toHaveTextContent('Deleted');
      expect(within(v2!).queryByRole('button', { name: 'Download version 2' })).toBeNull();
      expect(await within(v3!).findByText('Translated')).toBeInTheDocument();
      expect(await within(v1!).findByText('Not translated')).toBeInTheDocument();
    } finally {
      versions[1] = original;
    }
  });
});

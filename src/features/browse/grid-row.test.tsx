import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../../api/http';
import { envelope, item, version } from '../../testing/dm-fixtures';
import { jsonResponse, mockFetch } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/render';
import { rowsOf } from './content-rows';
import { GridRow } from './grid-row';

describe('GridRow', () => {
  // jsdom has no object URLs.
  const original = Object.getOwnPropertyDescriptors(URL);
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: () => 'blob:thumbnail', revokeObjectURL: () => {} });
  });
  afterEach(() => {
    for (const name of ['createObjectURL', 'revokeObjectURL'] as const) {
      const descriptor = original[name];
      if (descriptor) Object.defineProperty(URL, name, descriptor);
      else Reflect.deleteProperty(URL, name);
    }
  });

  it('shows a translated file’s thumbnail in its own column, without being pointed at, in the box the icon had', async () => {
    const mock = mockFetch((call) =>
      call.url.pathname.endsWith('/formats')
        ? jsonResponse({ formats: { svf2: ['ifc'] } })
        : call.url.pathname.endsWith('/manifest')
          ? new Response(JSON.stringify({ urn: 'u', status: 'success', progress: 'complete', derivatives: [] }), {
              headers: { 'Content-Type': 'application/json' },
            })
          : new Response(new Blob(['png']), { headers: { 'Content-Type': 'image/png' } }),
    );
    configureHttp({
      baseUrl: 'http://platform.test',
      fetch: mock.fetch,
      getAccessToken: () => 't',
      refreshAccessToken: () => Promise.resolve(null),
      onSessionExpired: vi.fn(),
    });
    const [row] = rowsOf(
      envelope([item('urn:i', 'house.ifc', 'urn:f')], { included: [version('urn:i', 'house.ifc', 1)] }),
    );
    renderWithProviders(
      <GridRow
        entry={{ state: 'ready', row: row! }}
        index={0}
        style={{}}
        href="/x"
        activeCol={0}
        now={Date.now()}
        onCellFocus={() => {}}
        onRetry={() => {}}
      />,
    );

    const name = screen.getByRole('rowheader', { name: /house\.ifc/ });
    expect(name.querySelector('svg, img')).toBeNull();
    const box = screen.getAllByRole('gridcell')[0]!.firstElementChild;
    expect(box?.querySelector('svg')).not.toBeNull();
    await waitFor(() => expect(box?.querySelector('img')).toHaveAttribute('src', 'blob:thumbnail'));
    expect(box).toHaveClass('size-6');
    expect(await screen.findByText('Translated')).toBeInTheDocument();
    expect(mock.calls.map((call) => call.url.pathname).sort()).toEqual([
      expect.stringMatching(/\/modelderivative\/v2\/designdata\/.+\/manifest$/),
      expect.stringMatching(/\/modelderivative\/v2\/designdata\/.+\/thumbnail$/),
      // Read once a session: it says which files have derivatives to ask for.
      '/modelderivative/v2/designdata/formats',
    ]);
  });

  it('asks for no manifest or thumbnail of a file whose type the platform cannot translate', async () => {
    const mock = mockFetch((call) => {
      if (call.url.pathname.endsWith('/formats'))
        return jsonResponse({ formats: { svf2: ['ifc'], thumbnail: ['ifc'] } });
      if (call.url.pathname.endsWith('/manifest'))
        return jsonResponse({ urn: 'u', status: 'success', progress: 'complete', derivatives: [] });
      return new Response(new Blob(['png']), { headers: { 'Content-Type': 'image/png' } });
    });
    configureHttp({
      baseUrl: 'http://platform.test',
      fetch: mock.fetch,
      getAccessToken: () => 't',
      refreshAccessToken: () => Promise.resolve(null),
      onSessionExpired: vi.fn(),
    });
    const rows = rowsOf(
      envelope(
        [
          item('urn:csv', 'rooms.CSV', 'urn:f'),
          item('urn:txt', 'notes.txt', 'urn:f'),
          item('urn:i', 'house.ifc', 'urn:f'),
        ],
        {
          included: [
            version('urn:csv', 'rooms.CSV', 1),
            version('urn:txt', 'notes.txt', 1),
            version('urn:i', 'house.ifc', 1),
          ],
        },
      ),
    );
    renderWithProviders(
      <>
        {rows.map((row, index) => (
          <GridRow
            key={row.id}
            entry={{ state: 'ready', row }}
            index={index}
            style={{}}
            href="/x"
            activeCol={0}
            now={Date.now()}
            onCellFocus={() => {}}
            onRetry={() => {}}
          />
        ))}
      </>,
    );

    await waitFor(() => expect(document.querySelectorAll('img')).toHaveLength(1));
    await waitFor(() => expect(screen.getByText('Translated')).toBeInTheDocument());
    const asked = mock.calls.filter((call) => /\/(manifest|thumbnail)$/.test(call.url.pathname));
    expect(asked.map((call) => call.url.pathname.split('/').at(-1))).toEqual(
      expect.arrayContaining(['manifest', 'thumbnail']),
    );
    expect(asked).toHaveLength(2);
  });
});

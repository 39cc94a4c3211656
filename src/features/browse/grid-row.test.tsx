import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../../api/http';
import { envelope, item, version } from '../../testing/dm-fixtures';
import { mockFetch } from '../../testing/fetch-mock';
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
      call.url.pathname.endsWith('/manifest')
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
    ]);
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../../api/http';
import { jsonResponse, mockFetch } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/render';
import { ItemAdmin } from './item-admin';

describe('ItemAdmin', () => {
  it('starts the alias form on the first alias even when the versions come back before the aliases', async () => {
    let sendAliases: () => void = () => undefined;
    const aliasesSent = new Promise<void>((resolve) => (sendAliases = resolve));
    const mock = mockFetch(async (call) => {
      const path = call.url.pathname;
      if (path === '/da/us-east/v3/appbundles/Tools/versions')
        return jsonResponse({ paginationToken: null, data: [1, 2] });
      if (path === '/da/us-east/v3/appbundles/Tools/aliases') {
        await aliasesSent;
        return jsonResponse({
          paginationToken: null,
          data: [
            { id: '$LATEST', version: 2 },
            { id: 'prod', version: 1 },
          ],
        });
      }
      return jsonResponse({}, { status: 404 });
    });
    configureHttp({
      baseUrl: 'http://platform.test',
      fetch: mock.fetch,
      getAccessToken: () => 't',
      refreshAccessToken: vi.fn(() => Promise.resolve(null)),
      onSessionExpired: vi.fn(),
    });
    renderWithProviders(<ItemAdmin kind="appbundles" owner="Me" name="Tools" />);

    expect(await screen.findByText('1, 2')).toBeInTheDocument();
    sendAliases();
    expect(await screen.findByRole('button', { name: 'Move alias' })).toBeEnabled();
    expect(screen.getByLabelText('Alias')).toHaveValue('prod');
    expect(screen.getByRole('list', { name: 'Aliases of Tools' })).toHaveTextContent('prod → v1');
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Hub, HubsResponse } from '../../../contracts/data-management';
import { configureHttp } from '../../api/http';
import { inOrder, jsonResponse, mockFetch } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/render';
import { HubsPage } from './hubs-page';

function hub(id: string, name: string, type: string, region: Hub['attributes']['region']): Hub {
  return {
    type: 'hubs',
    id,
    attributes: { name, region, extension: { type, version: '1.0', schema: { href: '' }, data: {} } },
    links: { self: { href: `http://platform.test/project/v1/hubs/${id}` } },
    relationships: {},
  };
}

function hubsResponse(data: Hub[]): HubsResponse {
  return { jsonapi: { version: '1.0' }, links: { self: { href: 'http://platform.test/project/v1/hubs' } }, data };
}

function serve(respond: Parameters<typeof mockFetch>[0]) {
  const mock = mockFetch(respond);
  configureHttp({
    baseUrl: 'http://platform.test',
    fetch: mock.fetch,
    getAccessToken: () => 'token',
    refreshAccessToken: vi.fn(() => Promise.resolve(null)),
    onSessionExpired: vi.fn(),
  });
  return mock;
}

describe('HubsPage', () => {
  it('lists the hubs with their type and region in words', async () => {
    const mock = serve(() =>
      jsonResponse(
        hubsResponse([
          hub('a.demo', 'Demo Company', 'hubs:autodesk.core:Hub', 'US'),
          hub('a.home', 'Personal', 'hubs:autodesk.a360:PersonalHub', 'EMEA'),
        ]),
      ),
    );
    renderWithProviders(<HubsPage />);

    expect(screen.getByRole('heading', { name: 'Hubs' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading hubs');
    const table = await screen.findByRole('table', { name: 'Hubs' });
    const demo = within(table).getByRole('row', { name: /Demo Company/ });
    expect(demo).toHaveTextContent('Team hub');
    expect(demo).toHaveTextContent('United States');
    expect(within(table).getByRole('row', { name: /Personal/ })).toHaveTextContent('Europe');
    expect(screen.getByText('2 hubs')).toBeInTheDocument();
    expect(mock.calls[0]?.url.pathname).toBe('/project/v1/hubs');
  });

  it('says so when there are no hubs', async () => {
    serve(() => jsonResponse(hubsResponse([])));
    renderWithProviders(<HubsPage />);
    expect(await screen.findByRole('heading', { name: 'No hubs yet' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('explains a failure and loads the hubs on Retry', async () => {
    const mock = serve(
      inOrder(
        () =>
          jsonResponse(
            {
              jsonapi: { version: '1.0' },
              errors: [
                {
                  id: '1',
                  status: '503',
                  code: 'UNAVAILABLE',
                  title: 'Unavailable',
                  detail: 'The hub service is restarting.',
                },
              ],
            },
            { status: 503 },
          ),
        () => jsonResponse(hubsResponse([hub('a.demo', 'Demo Company', 'hubs:autodesk.core:Hub', 'US')])),
      ),
    );
    const { user } = renderWithProviders(<HubsPage />);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: "Couldn't load hubs" })).toBeInTheDocument();
    expect(alert).toHaveTextContent('The hub service is restarting.');
    expect(alert).toHaveTextContent('UNAVAILABLE');

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: /Demo Company/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(mock.calls).toHaveLength(2);
  });
});

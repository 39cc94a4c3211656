import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../api/http';
import { envelope, folder, hub, item, project } from '../testing/dm-fixtures';
import { jsonResponse, mockFetch } from '../testing/fetch-mock';
import { renderWithProviders } from '../testing/render';
import { ModelBreadcrumbs } from './model-breadcrumbs';

const trail = () => screen.getByRole('navigation', { name: 'Breadcrumb' });
const crumbs = () => Array.from(trail().querySelectorAll('li')).map((crumb) => crumb.textContent);

describe('ModelBreadcrumbs', () => {
  it('places a version of a hub item under its folders, the item and the version', async () => {
    const mock = mockFetch((call) => {
      const path = decodeURIComponent(call.url.pathname);
      if (path.endsWith('/items/urn:item')) return jsonResponse(envelope(item('urn:item', 'house.ifc', 'urn:models')));
      if (path.endsWith('/folders/urn:models'))
        return jsonResponse(envelope(folder('urn:models', 'Models', 'urn:root')));
      if (path.endsWith('/projects/a.project')) return jsonResponse(envelope(project()));
      if (path.endsWith('/hubs/a.hub')) return jsonResponse(envelope(hub()));
      return jsonResponse({ errors: [] }, { status: 404 });
    });
    configureHttp({
      baseUrl: 'http://platform.test',
      fetch: mock.fetch,
      getAccessToken: () => 't',
      refreshAccessToken: () => Promise.resolve(null),
      onSessionExpired: vi.fn(),
    });
    renderWithProviders(
      <ModelBreadcrumbs
        source="urn:adsk.wipprod:fs.file:vf.X?version=3"
        name="house.ifc"
        item={{ hubId: 'a.hub', projectId: 'a.project', itemId: 'urn:item' }}
      />,
    );
    await waitFor(() =>
      expect(crumbs()).toEqual([
        'Hubs',
        'Demo Company',
        'Riverside Offices',
        'Models',
        'house.ifc',
        'Version 3',
        'Derivatives',
      ]),
    );
    expect(screen.getByRole('link', { name: 'Version 3' })).toHaveAttribute(
      'href',
      '/hubs/a.hub/projects/a.project/items/urn:item/versions/3',
    );
  });

  it('places a bucket object under its bucket, and anything else under the translations', () => {
    const { unmount } = renderWithProviders(
      <ModelBreadcrumbs source="urn:adsk.objects:os.object:models/house.ifc" name="house.ifc" item={null} />,
    );
    expect(crumbs()).toEqual(['Buckets', 'models', 'house.ifc', 'Derivatives']);
    expect(screen.getByRole('link', { name: 'models' })).toHaveAttribute('href', '/buckets/models');
    unmount();
    renderWithProviders(
      <ModelBreadcrumbs source="urn:adsk.wipprod:fs.file:vf.X?version=3" name="house.ifc" item={null} />,
    );
    expect(crumbs()).toEqual(['Translations', 'house.ifc', 'Derivatives']);
  });
});

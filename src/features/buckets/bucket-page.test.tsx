import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Bucket, BucketObjectsResponse, ObjectDetails } from '../../../contracts/oss';
import { configureHttp } from '../../api/http';
import { jsonResponse, mockFetch, type RecordedCall } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/render';
import { BucketPage } from './bucket-page';

const bucket: Bucket = {
  bucketKey: 'site-photos',
  bucketOwner: 'spa-client',
  createdDate: Date.UTC(2026, 0, 2),
  permissions: [],
  policyKey: 'persistent',
};
const object = (objectKey: string): ObjectDetails => ({
  bucketKey: 'site-photos',
  objectId: `urn:adsk.objects:os.object:site-photos:${objectKey}`,
  objectKey,
  sha1: 'x',
  size: 2048,
  contentType: 'image/png',
  location: '',
});

function serve(objects: (call: RecordedCall) => BucketObjectsResponse) {
  const mock = mockFetch((call) => {
    if (call.method === 'DELETE') return new Response(null, { status: 200 });
    if (call.url.pathname.endsWith('/details')) return jsonResponse(bucket);
    return jsonResponse(objects(call));
  });
  configureHttp({
    baseUrl: 'http://platform.test',
    fetch: mock.fetch,
    getAccessToken: () => 'token',
    refreshAccessToken: vi.fn(() => Promise.resolve(null)),
    onSessionExpired: vi.fn(),
  });
  return mock;
}

const renderPage = (url = '/buckets/site-photos') =>
  renderWithProviders(<BucketPage />, { path: '/buckets/:bucketKey', url });

describe('BucketPage', () => {
  it('opens from a deep link with the bucket’s facts and objects, and the prefix from the address', async () => {
    const mock = serve(() => ({ items: [object('roof/north.png')] }));
    renderPage('/buckets/site-photos?prefix=roof%2F');

    expect(await screen.findByText('Persistent: Objects stay until you delete them.')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Objects' });
    expect(within(table).getByRole('rowheader', { name: 'roof/north.png' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Filter by key prefix' })).toHaveValue('roof/');
    const listing = mock.calls.find((call) => call.url.pathname === '/oss/v2/buckets/site-photos/objects');
    expect(listing?.url.searchParams.get('beginsWith')).toBe('roof/');
  });

  it('pages through the objects with the platform’s cursor, and back', async () => {
    const mock = serve((call) =>
      call.url.searchParams.get('startAt') === 'b.png'
        ? { items: [object('b.png')] }
        : {
            items: [object('a.png')],
            next: 'http://platform.test/oss/v2/buckets/site-photos/objects?startAt=b.png&limit=100',
          },
    );
    const { user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Objects' });
    expect(within(table).getByRole('rowheader', { name: 'a.png' })).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('rowheader', { name: 'b.png' })).toBeInTheDocument();
    expect(pages).toHaveTextContent('Page 2');
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(mock.calls.at(-1)?.url.searchParams.get('startAt')).toBe('b.png');

    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('rowheader', { name: 'a.png' })).toBeInTheDocument();
    expect(pages).toHaveTextContent('Page 1');
  });

  it('copies the object id and its URL-safe base64 URN without padding', async () => {
    serve(() => ({ items: [object('a.png')] }));
    const { user } = renderPage();
    const clipboard = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();

    await user.click(await screen.findByRole('button', { name: 'Copy object id of a.png' }));
    expect(clipboard).toHaveBeenLastCalledWith('urn:adsk.objects:os.object:site-photos:a.png');
    await user.click(screen.getByRole('button', { name: 'Copy encoded URN of a.png' }));
    expect(clipboard).toHaveBeenLastCalledWith('dXJuOmFkc2sub2JqZWN0czpvcy5vYmplY3Q6c2l0ZS1waG90b3M6YS5wbmc');
  });

  // Which listings the delete makes stale is proven through the app's QueryClient in src/app/oss-invalidation.test.ts.
  it('deletes an object only after a confirmation that names it', async () => {
    const mock = serve(() => ({ items: [object('a.png'), object('b.png')] }));
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Delete a.png' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete a.png?' });
    expect(dialog).toHaveTextContent('The object a.png will be deleted from site-photos.');
    expect(mock.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete object' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mock.calls.find((call) => call.method === 'DELETE')?.url.pathname).toBe(
      '/oss/v2/buckets/site-photos/objects/a.png',
    );
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../../api/http';
import { jsonResponse, mockFetch, type RecordedCall } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/render';
import { NotifyDialog } from './notify-dialog';

const folder = { hubId: 'b.hub', projectId: 'b.project', folderId: 'urn:folder:furniture', name: 'Furniture' };
const HOST_REFUSED =
  'The host hooks.example.com is not one a webhook callback may reach on this platform (serve --automation-allow-host hooks.example.com allows it).';

function serve(respond: (call: RecordedCall) => Response) {
  const mock = mockFetch(respond);
  configureHttp({
    baseUrl: 'http://platform.test',
    fetch: mock.fetch,
    getAccessToken: () => 't',
    refreshAccessToken: () => Promise.resolve(null),
    onSessionExpired: vi.fn(),
  });
  return mock;
}

const created = (call: RecordedCall) =>
  call.method === 'POST'
    ? new Response(null, {
        status: 201,
        headers: { Location: `http://platform.test${call.url.pathname}/id-${call.url.pathname.split('/')[6]}` },
      })
    : new Response(null, { status: 200 });

describe('NotifyDialog', () => {
  it('says what to fix next to each field before asking the service', async () => {
    const mock = serve(created);
    const { user } = renderWithProviders(<NotifyDialog folder={folder} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Notify a URL of changes in “Furniture”' });
    await user.type(within(dialog).getByLabelText('Callback URL'), 'ftp://nowhere');
    await user.click(within(dialog).getByLabelText('Several events'));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByLabelText('Callback URL')).toHaveAccessibleDescription(/http or https address/);
    expect(within(dialog).getByRole('group', { name: 'Events' })).toHaveAccessibleDescription(
      'Choose at least one event.',
    );
    expect(mock.calls).toHaveLength(0);
  });

  it('shows the service’s refusal of a callback host next to the URL, naming the flag that allows it', async () => {
    serve(() => jsonResponse({ id: '1', status: 400, code: 'BAD_INPUT', detail: [HOST_REFUSED] }, { status: 400 }));
    const { user } = renderWithProviders(<NotifyDialog folder={folder} onClose={vi.fn()} />);
    const url = screen.getByLabelText('Callback URL');
    await user.type(url, 'https://hooks.example.com/aps');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
    expect(url).toHaveAccessibleDescription(/--automation-allow-host hooks\.example\.com/);
  });

  it('creates one hook per chosen event, scoped to the folder, then gives each the secret', async () => {
    const mock = serve(created);
    const { user } = renderWithProviders(<NotifyDialog folder={folder} onClose={vi.fn()} />);
    await user.type(screen.getByLabelText('Callback URL'), 'http://localhost:4000/cb');
    await user.click(screen.getByLabelText('Several events'));
    await user.click(screen.getByRole('checkbox', { name: 'dm.version.added' }));
    await user.click(screen.getByRole('checkbox', { name: 'dm.folder.added' }));
    await user.type(screen.getByLabelText('Secret (optional)'), 'a'.repeat(32));
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByRole('status')).toHaveTextContent('2 hooks now tell http://localhost:4000/cb');
    expect(mock.calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'POST /webhooks/v1/systems/data/events/dm.version.added/hooks',
      'POST /webhooks/v1/systems/data/events/dm.folder.added/hooks',
      'PATCH /webhooks/v1/systems/data/events/dm.version.added/hooks/id-dm.version.added',
      'PATCH /webhooks/v1/systems/data/events/dm.folder.added/hooks/id-dm.folder.added',
    ]);
    expect(JSON.parse(mock.calls[0]?.body ?? '')).toEqual({
      callbackUrl: 'http://localhost:4000/cb',
      scope: { folder: 'urn:folder:furniture' },
      hubId: 'b.hub',
      projectId: 'b.project',
    });
    expect(JSON.parse(mock.calls[2]?.body ?? '')).toEqual({ token: 'a'.repeat(32) });
    expect(screen.getByRole('link', { name: 'Open on the Webhooks page' })).toHaveAttribute(
      'href',
      '/webhooks?hook=id-dm.version.added',
    );
  });

  it('asks for all of the data system’s events in one call', async () => {
    const mock = serve(() => jsonResponse({ hooks: [] }, { status: 201 }));
    const { user } = renderWithProviders(<NotifyDialog folder={folder} onClose={vi.fn()} />);
    await user.type(screen.getByLabelText('Callback URL'), 'http://localhost:4000/cb');
    await user.click(screen.getByLabelText('All Data Management events'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'EMEA');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(mock.calls).toHaveLength(1));
    expect(mock.calls[0]?.url.pathname).toBe('/webhooks/v1/systems/data/hooks');
    expect(mock.calls[0]?.headers.get('x-ads-region')).toBe('EMEA');
  });
});

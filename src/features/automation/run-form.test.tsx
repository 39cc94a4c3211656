import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DaActivity } from '../../../contracts/design-automation';
import { configureHttp } from '../../api/http';
import { jsonResponse, mockFetch, type RecordedCall } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/render';
import { RunForm } from './run-form';
import { runStore } from './run-store';

const ACTIVITY: DaActivity = {
  id: 'Me.Rename+prod',
  engine: 'Local.WebIfc+1',
  version: 1,
  commandLine: [],
  parameters: {
    rules: { verb: 'read', localName: 'rename.json', required: true, description: 'What to rename, as JSON.' },
    renamed: { verb: 'put', localName: 'renamed.ifc', required: true },
  },
};

function serve() {
  const mock = mockFetch((call: RecordedCall) => {
    const path = call.url.pathname;
    if (path === '/oss/v2/buckets')
      return jsonResponse({
        items: [
          { bucketKey: 'results', bucketOwner: 'spa-client', createdDate: 0, permissions: [], policyKey: 'persistent' },
        ],
      });
    if (path.endsWith('/signed'))
      return jsonResponse({
        signedUrl: 'http://platform.test/oss/v2/signedresources/abc?region=US',
        expiration: 0,
        singleUse: false,
      });
    if (path === '/da/us-east/v3/workitems')
      return jsonResponse({ id: 'w1', status: 'pending', stats: { timeQueued: '2026-01-01T00:00:00.0000000Z' } });
    if (path === '/project/v1/hubs')
      return jsonResponse({ jsonapi: { version: '1.0' }, links: { self: { href: '' } }, data: [] });
    return jsonResponse({}, { status: 404 });
  });
  configureHttp({
    baseUrl: 'http://platform.test',
    fetch: mock.fetch,
    getAccessToken: () => 't',
    refreshAccessToken: vi.fn(() => Promise.resolve(null)),
    onSessionExpired: vi.fn(),
  });
  return mock;
}

beforeEach(() => runStore.setState({ runs: [] }));

describe('RunForm', () => {
  it('says in words what each required argument lacks, and sends nothing', async () => {
    const mock = serve();
    const { user } = renderWithProviders(<RunForm activityId="Me.Rename+prod" activity={ACTIVITY} />);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('2 arguments need your attention.')).toBeInTheDocument();
    expect(screen.getByText('Give a value for rules.')).toBeInTheDocument();
    expect(screen.getByText('Choose where renamed goes.')).toBeInTheDocument();
    expect(mock.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('signs a write URL for a bucket output, sends the workitem, and remembers the run for the history', async () => {
    const mock = serve();
    const { user, router } = renderWithProviders(<RunForm activityId="Me.Rename+prod" activity={ACTIVITY} />);
    await user.type(screen.getByLabelText('Value of rules'), '{{"pattern":"x"}');
    const output = screen.getByRole('group', { name: 'Argument renamed' });
    await user.selectOptions(within(output).getByLabelText('Destination of renamed'), 'bucket');
    await within(output).findByRole('option', { name: 'results' });
    await user.click(screen.getByRole('button', { name: 'Run' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/automation/runs/w1'));
    const signed = mock.calls.find((call) => call.url.pathname.endsWith('/signed'));
    expect(signed?.url.pathname).toBe('/oss/v2/buckets/results/objects/renamed.ifc/signed');
    expect(signed?.url.searchParams.get('access')).toBe('write');
    const sent = mock.calls.find((call) => call.url.pathname === '/da/us-east/v3/workitems');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      activityId: 'Me.Rename+prod',
      arguments: {
        rules: { value: '{"pattern":"x"}' },
        renamed: { url: 'http://platform.test/oss/v2/signedresources/abc?region=US', verb: 'put' },
      },
    });
    expect(runStore.getState().runs[0]).toMatchObject({
      id: 'w1',
      activityId: 'Me.Rename+prod',
      outputs: [{ parameter: 'renamed', kind: 'bucket', bucketKey: 'results', objectKey: 'renamed.ifc' }],
    });
  });
});

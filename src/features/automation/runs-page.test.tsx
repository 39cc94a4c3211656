import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { RunsPage } from './runs-page';
import { runStore, type WorkItemRun } from './run-store';

const run = (id: string, activityId: string, status: WorkItemRun['status'], ended = true): WorkItemRun => ({
  id,
  activityId,
  status,
  startedAt: Date.now() - 60_000,
  endedAt: ended ? Date.now() : null,
  choices: {},
  outputs: [],
  finishing: 'none',
});

beforeEach(() =>
  runStore.setState({
    runs: [
      run('a', 'Me.Export+prod', 'success'),
      run('b', 'Me.Export+prod', 'failedInstructions'),
      run('c', 'Me.Wait+prod', 'inprogress', false),
    ],
  }),
);

describe('RunsPage', () => {
  it('lists the runs kept from earlier sessions, filtered by activity and status from the address', async () => {
    renderWithProviders(<RunsPage />, {
      path: '/automation/runs',
      url: '/automation/runs?activity=Me.Export%2Bprod&status=failed',
    });
    const list = await screen.findByRole('list', { name: 'Runs' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByRole('link', { name: 'Export run b' })).toHaveAttribute('href', '/automation/runs/b');
    expect(within(list).getByRole('link', { name: 'Run again Export' })).toHaveAttribute(
      'href',
      '/automation/activities/Me/Export?alias=prod&again=b',
    );
    expect(screen.getByRole('status')).toHaveTextContent('1 running');
  });

  it('a live run cannot be removed or re-run until it ends', async () => {
    const { user } = renderWithProviders(<RunsPage />, { path: '/automation/runs', url: '/automation/runs' });
    const list = await screen.findByRole('list', { name: 'Runs' });
    expect(within(list).getAllByRole('button', { name: /Remove run/ })).toHaveLength(2);
    await user.selectOptions(screen.getByLabelText('Filter by status'), 'live');
    expect(
      within(screen.getByRole('list', { name: 'Runs' })).getByRole('link', { name: 'Wait run c' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove run c' })).toBeNull();
  });
});

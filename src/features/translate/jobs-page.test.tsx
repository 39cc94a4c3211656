import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { encodeUrn } from '../../../contracts/model-derivative';
import { renderWithProviders } from '../../testing/render';
import { jobStore } from './job-store';
import { JobsPage } from './jobs-page';

const actions = () => jobStore.getState().actions;

beforeEach(() => {
  localStorage.clear();
  jobStore.setState({ jobs: [] });
});

describe('JobsPage', () => {
  it('lists every job with its status, progress and time, and links each to its design', () => {
    const now = Date.now();
    const running = actions().jobStarted({ urn: 'dXJuOmE', name: 'tower.ifc', outputs: ['svf2', 'obj'] }, now - 75_000);
    actions().jobProgressed(running, 'inprogress', '45% complete');
    const failed = actions().jobStarted({ urn: 'dXJuOmI', name: 'broken.ifc', outputs: ['ifc'] }, now - 10_000);
    actions().jobEnded(failed, 'failed', 'Not an IFC file (TranslationWorker-InternalFailure)', now - 4_000);
    renderWithProviders(<JobsPage />);

    const tower = screen.getByRole('listitem', { name: 'tower.ifc' });
    expect(tower).toHaveTextContent('Translating');
    expect(tower).toHaveTextContent('svf2, obj');
    expect(within(tower).getByRole('progressbar', { name: 'Progress of tower.ifc' })).toHaveAttribute(
      'aria-valuenow',
      '45',
    );
    expect(within(tower).getByLabelText(/^Elapsed 1 min 1[5-7] s$/)).toBeInTheDocument();
    expect(within(tower).getByRole('link', { name: 'tower.ifc' })).toHaveAttribute(
      'href',
      '/models/dXJuOmE?name=tower.ifc',
    );

    const broken = screen.getByRole('listitem', { name: 'broken.ifc' });
    expect(broken).toHaveTextContent('Failed');
    expect(broken).toHaveTextContent('Not an IFC file (TranslationWorker-InternalFailure)');
    // A finished job's time stops at its end.
    expect(within(broken).getByLabelText('Elapsed 6 s')).toBeInTheDocument();
    expect(within(broken).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 of 20 translations running');
  });

  it('tells two jobs of one file apart by version, with when each started, and links back to the item', () => {
    const now = Date.now();
    const item = { hubId: 'a.hub', projectId: 'a.project', itemId: 'urn:item' };
    actions().jobStarted(
      { urn: encodeUrn('urn:adsk.wipprod:fs.file:vf.X?version=2'), name: 'house.ifc', outputs: ['svf2'], item },
      now - 3 * 60_000,
    );
    actions().jobStarted(
      { urn: encodeUrn('urn:adsk.wipprod:fs.file:vf.X?version=3'), name: 'house.ifc', outputs: ['svf2'], item },
      now,
    );
    actions().jobStarted(
      { urn: encodeUrn('urn:adsk.objects:os.object:models/house.ifc'), name: 'house.ifc', outputs: ['obj'] },
      now,
    );
    renderWithProviders(<JobsPage />);

    const older = screen.getByRole('listitem', { name: 'house.ifc v2' });
    expect(older).toHaveTextContent('started 3 minutes ago');
    expect(screen.getByRole('listitem', { name: 'house.ifc v3' })).toHaveTextContent('started just now');
    expect(screen.getByRole('listitem', { name: 'house.ifc in models' })).toBeInTheDocument();
    expect(within(older).getByRole('link', { name: 'house.ifc v2' }).getAttribute('href')).toMatch(
      /[?&]hub=a\.hub&project=a\.project&item=urn%3Aitem$/,
    );
  });

  it('warns before the limit of 20 running translations is reached', () => {
    for (let index = 0; index < 14; index++)
      actions().jobStarted({ urn: `u${index}`, name: `${index}.ifc`, outputs: ['svf2'] }, index);
    const { unmount } = renderWithProviders(<JobsPage />);
    expect(screen.queryByText('Near the limit of concurrent translations')).not.toBeInTheDocument();
    unmount();
    actions().jobStarted({ urn: 'u14', name: '14.ifc', outputs: ['svf2'] }, 14);
    renderWithProviders(<JobsPage />);
    expect(screen.getByText('Near the limit of concurrent translations')).toBeInTheDocument();
    expect(screen.getByText('15 of 20 translations running')).toBeInTheDocument();
  });

  it('dismisses a finished job and clears all finished ones, keeping running ones', async () => {
    const done = actions().jobStarted({ urn: 'a', name: 'a.ifc', outputs: ['svf2'] }, 1_000);
    actions().jobEnded(done, 'success', null, 2_000);
    const other = actions().jobStarted({ urn: 'b', name: 'b.ifc', outputs: ['svf2'] }, 3_000);
    actions().jobEnded(other, 'timeout', null, 4_000);
    actions().jobStarted({ urn: 'c', name: 'c.ifc', outputs: ['svf2'] }, 5_000);
    const { user } = renderWithProviders(<JobsPage />);
    expect(
      within(screen.getByRole('listitem', { name: 'c.ifc' })).queryByRole('button', { name: /Dismiss/ }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss a.ifc' }));
    expect(screen.queryByRole('listitem', { name: 'a.ifc' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear finished' }));
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['c.ifc']);
    expect(screen.getByRole('button', { name: 'Clear finished' })).toBeDisabled();
  });

  it('says how to start when there are none', () => {
    renderWithProviders(<JobsPage />);
    expect(screen.getByRole('heading', { name: 'No translations yet' })).toBeInTheDocument();
  });
});

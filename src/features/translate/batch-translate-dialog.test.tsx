import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormatsResponse, JobPayload } from '../../../contracts/model-derivative';
import { jsonResponse } from '../../testing/fetch-mock';
import { serveMd } from '../../testing/md-fixtures';
import { renderWithProviders } from '../../testing/render';
import { BatchTranslateDialog } from './batch-translate-dialog';
import { jobStore } from './job-store';

const FORMATS: FormatsResponse = { formats: { svf2: ['ifc', 'dxf'], obj: ['ifc'], thumbnail: ['ifc', 'dxf'] } };
const designs = [
  { urn: 'dXJuOmE', name: 'a.ifc' },
  { urn: 'dXJuOmI', name: 'b.dxf' },
  { urn: 'dXJuOmM', name: 'notes.txt' },
];

beforeEach(() => {
  localStorage.clear();
  jobStore.setState({ jobs: [] });
});

describe('BatchTranslateDialog', () => {
  it('starts one job each to the viewable, leaves out what the platform cannot translate, and hands them to the job centre', async () => {
    const mock = serveMd((call) => {
      if (call.url.pathname.endsWith('/formats')) return jsonResponse(FORMATS);
      if (call.url.pathname.endsWith('/job'))
        return jsonResponse({ result: 'created', urn: 'x', acceptedJobs: { output: { formats: [] } } });
      return jsonResponse({ diagnostic: 'unexpected' }, { status: 500 });
    });
    const onClose = vi.fn();
    const { user } = renderWithProviders(<BatchTranslateDialog designs={designs} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Translate 3 files' });
    const list = await within(dialog).findByRole('list', { name: 'Files to translate' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['a.ifcViewable (SVF2)', 'b.dxfViewable (SVF2)']);
    expect(dialog).toHaveTextContent('The platform makes nothing from notes.txt: left out.');

    await user.click(within(dialog).getByRole('button', { name: 'Translate 2' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const jobs = mock.calls.filter((call) => call.url.pathname.endsWith('/job'));
    expect(jobs.map((call) => (JSON.parse(call.body ?? '{}') as JobPayload).input.urn)).toEqual(['dXJuOmE', 'dXJuOmI']);
    expect(
      jobStore
        .getState()
        .jobs.map((job) => job.name)
        .sort(),
    ).toEqual(['a.ifc', 'b.dxf']);
  });
});

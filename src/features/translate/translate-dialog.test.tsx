import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormatsResponse, Manifest } from '../../../contracts/model-derivative';
import { jsonResponse, type RecordedCall } from '../../testing/fetch-mock';
import { manifest, serveMd, svf2, URN } from '../../testing/md-fixtures';
import { renderWithProviders } from '../../testing/render';
import { jobStore } from './job-store';
import { TranslateDialog } from './translate-dialog';

const FORMATS: FormatsResponse = {
  formats: { svf2: ['ifc', 'dxf'], obj: ['ifc'], stl: ['ifc'], pdf: ['dxf'], thumbnail: ['ifc', 'dxf'] },
};

function serve({ existing, job }: { existing?: Manifest; job?: (call: RecordedCall) => Response } = {}) {
  return serveMd((call) => {
    if (call.url.pathname.endsWith('/formats')) return jsonResponse(FORMATS);
    if (call.url.pathname.endsWith('/manifest'))
      return existing ? jsonResponse(existing) : jsonResponse({ diagnostic: 'Manifest not found' }, { status: 404 });
    if (call.url.pathname.endsWith('/job'))
      return job ? job(call) : jsonResponse({ result: 'created', urn: URN, acceptedJobs: { output: { formats: [] } } });
    return jsonResponse({ diagnostic: 'unexpected' }, { status: 500 });
  });
}

function open(name = 'house.ifc') {
  const onClose = vi.fn();
  const view = renderWithProviders(<TranslateDialog urn={URN} name={name} onClose={onClose} />);
  return { ...view, onClose, dialog: () => screen.getByRole('dialog', { name: `Translate ${name}` }) };
}

const jobCalls = (calls: RecordedCall[]) => calls.filter((call) => call.url.pathname.endsWith('/job'));

beforeEach(() => {
  localStorage.clear();
  jobStore.setState({ jobs: [] });
});

describe('TranslateDialog', () => {
  it('offers what the platform makes from the file’s extension, SVF2 first and chosen', async () => {
    serve();
    open();
    const outputs = await screen.findByRole('group', { name: 'Outputs' });
    expect(
      within(outputs)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Viewable (SVF2)', '3D view', '2D view', 'OBJ mesh', 'STL mesh', 'Thumbnails']);
    expect(within(outputs).getByRole('checkbox', { name: 'Viewable (SVF2)' })).toBeChecked();
    expect(within(outputs).queryByRole('checkbox', { name: 'PDF' })).not.toBeInTheDocument();
  });

  it('says so when the platform cannot translate the file at all', async () => {
    serve();
    open('notes.txt');
    expect(await screen.findByText('The platform cannot translate .txt files.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Translate' })).toBeDisabled();
  });

  it('starts one job for several outputs with their options, and the job centre takes it over', async () => {
    const mock = serve();
    const { user, onClose } = open();
    await user.click(await screen.findByRole('checkbox', { name: 'OBJ mesh' }));
    await user.click(screen.getByRole('checkbox', { name: 'STL mesh' }));
    await user.click(screen.getByRole('radio', { name: 'ASCII STL' }));
    await user.click(screen.getByRole('checkbox', { name: '2D view' }));
    await user.click(screen.getByRole('button', { name: 'Translate' }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = jobCalls(mock.calls);
    expect(call?.headers.get('x-ads-force')).toBeNull();
    expect(JSON.parse(call?.body ?? '{}')).toEqual({
      input: { urn: URN },
      output: {
        formats: [{ type: 'svf2', views: ['3d'] }, { type: 'obj' }, { type: 'stl', advanced: { format: 'ascii' } }],
        destination: { region: 'US' },
      },
    });
    expect(jobStore.getState().jobs.map((job) => [job.urn, job.name, job.outputs])).toEqual([
      [URN, 'house.ifc', ['svf2', 'obj', 'stl']],
    ]);
  });

  it('needs an output, and a view for SVF2', async () => {
    serve();
    const { user } = open();
    await user.click(await screen.findByRole('checkbox', { name: '3D view' }));
    await user.click(screen.getByRole('checkbox', { name: '2D view' }));
    expect(screen.getByRole('button', { name: 'Translate' })).toHaveAttribute(
      'title',
      'Choose the 2D view, the 3D view or both.',
    );
    expect(screen.getByRole('button', { name: 'Translate' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Viewable (SVF2)' }));
    expect(screen.getByRole('button', { name: 'Translate' })).toHaveAttribute('title', 'Choose at least one output.');
  });

  it('offers to translate again, with x-ads-force, when derivatives exist', async () => {
    const mock = serve({ existing: manifest([svf2()]) });
    const { user } = open();
    expect(await screen.findByText('(exists)')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Translate again, replacing the existing derivatives' }));
    await user.click(screen.getByRole('button', { name: 'Translate again' }));
    await vi.waitFor(() => expect(jobCalls(mock.calls)).toHaveLength(1));
    expect(jobCalls(mock.calls)[0]?.headers.get('x-ads-force')).toBe('true');
  });

  it('does not watch a job when everything asked for already exists (201)', async () => {
    serve({
      existing: manifest([svf2()]),
      job: () =>
        jsonResponse({ result: 'success', urn: URN, acceptedJobs: { output: { formats: [] } } }, { status: 201 }),
    });
    const { user, onClose } = open();
    await user.click(await screen.findByRole('button', { name: 'Translate' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(jobStore.getState().jobs).toEqual([]);
  });

  it('shows the platform’s refusal and stays open', async () => {
    serve({
      job: () =>
        jsonResponse(
          { diagnostic: "Failed to trigger translation for this file. 'advanced.format' is not an option of obj." },
          { status: 400 },
        ),
    });
    const { user, onClose } = open();
    await user.click(await screen.findByRole('button', { name: 'Translate' }));
    expect(await screen.findByText("Couldn't start the translation")).toBeInTheDocument();
    expect(screen.getByText(/'advanced.format' is not an option of obj/)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('counts running translations against the limit, and stops at 20', async () => {
    for (let index = 0; index < 17; index++)
      jobStore.getState().actions.jobStarted({ urn: `u${index}`, name: `${index}.ifc`, outputs: ['svf2'] }, index);
    serve();
    open();
    expect(await screen.findByText('17 of 20 translations running')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Translate' })).toBeEnabled();
    for (let index = 17; index < 20; index++)
      jobStore.getState().actions.jobStarted({ urn: `u${index}`, name: `${index}.ifc`, outputs: ['svf2'] }, index);
    expect(await screen.findByText('20 of 20 translations running')).toBeInTheDocument();
    expect(screen.getByText(/Wait for a translation to end/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Translate' })).toBeDisabled();
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { isRunning, jobStore } from './job-store';

const actions = () => jobStore.getState().actions;
const jobs = () => jobStore.getState().jobs;

beforeEach(() => {
  localStorage.clear();
  jobStore.setState({ jobs: [] });
});

describe('job store', () => {
  it('records a started job as waiting, newest first, and persists it for the next page load', () => {
    actions().jobStarted({ urn: 'a', name: 'a.ifc', outputs: ['svf2'] }, 1_000);
    actions().jobStarted({ urn: 'b', name: 'b.ifc', outputs: ['obj', 'ifc'] }, 2_000);
    expect(jobs().map((job) => [job.name, job.status, job.progress, job.startedAt, job.endedAt])).toEqual([
      ['b.ifc', 'pending', '0% complete', 2_000, null],
      ['a.ifc', 'pending', '0% complete', 1_000, null],
    ]);
    const stored = JSON.parse(localStorage.getItem('ddm.jobs') ?? '{}') as { state: { jobs: { name: string }[] } };
    expect(stored.state.jobs.map((job) => job.name)).toEqual(['b.ifc', 'a.ifc']);
  });

  it('follows a job’s progress, then ends it once; a finished job does not change again', () => {
    const id = actions().jobStarted({ urn: 'a', name: 'a.ifc', outputs: ['svf2'] }, 1_000);
    actions().jobProgressed(id, 'inprogress', '40% complete');
    expect(jobs()[0]).toMatchObject({ status: 'inprogress', progress: '40% complete' });
    actions().jobEnded(id, 'failed', 'Not an IFC file (TranslationWorker-InternalFailure)', 5_000);
    actions().jobProgressed(id, 'inprogress', '90% complete');
    actions().jobEnded(id, 'success', null, 9_000);
    expect(jobs()[0]).toMatchObject({
      status: 'failed',
      progress: 'complete',
      endedAt: 5_000,
      message: 'Not an IFC file (TranslationWorker-InternalFailure)',
    });
    expect(isRunning(jobs()[0]!)).toBe(false);
  });

  it('a new job on a design replaces its running one, but keeps finished ones as history', () => {
    const first = actions().jobStarted({ urn: 'a', name: 'a.ifc', outputs: ['svf2'] }, 1_000);
    actions().jobEnded(first, 'success', null, 2_000);
    actions().jobStarted({ urn: 'a', name: 'a.ifc', outputs: ['obj'] }, 3_000);
    actions().jobStarted({ urn: 'a', name: 'a.ifc', outputs: ['ifc'] }, 4_000);
    expect(jobs().map((job) => [job.outputs.join(), job.status])).toEqual([
      ['ifc', 'pending'],
      ['svf2', 'success'],
    ]);
  });

  it('clears finished jobs and dismisses one, leaving running ones', () => {
    const done = actions().jobStarted({ urn: 'a', name: 'a.ifc', outputs: ['svf2'] }, 1_000);
    actions().jobEnded(done, 'success', null, 2_000);
    const other = actions().jobStarted({ urn: 'b', name: 'b.ifc', outputs: ['svf2'] }, 3_000);
    actions().jobStarted({ urn: 'c', name: 'c.ifc', outputs: ['svf2'] }, 4_000);
    actions().finishedCleared();
    expect(jobs().map((job) => job.name)).toEqual(['c.ifc', 'b.ifc']);
    actions().jobDismissed(other);
    expect(jobs().map((job) => job.name)).toEqual(['c.ifc']);
  });

  it('keeps at most 100 jobs, dropping the oldest', () => {
    for (let index = 0; index < 105; index++)
      actions().jobStarted({ urn: `u${index}`, name: `${index}.ifc`, outputs: ['svf2'] }, index);
    expect(jobs()).toHaveLength(100);
    expect(jobs().at(-1)?.name).toBe('5.ifc');
  });
});

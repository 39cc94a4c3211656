import { beforeEach, describe, expect, it } from 'vitest';
import { fakeSteps } from '../../testing/upload/fake-steps';
import { planBatch } from './plan-batch';
import { instantTimers } from '../../testing/upload/timers';
import { createUploadRunner } from './upload-runner';
import { useUploadStore, type FolderTarget, type UploadEntry } from './upload-store';

const place = { hubId: 'hub', projectId: 'project', folderId: 'folder' };
const blob = new Blob(['x'.repeat(30)]);
const entries = () => useUploadStore.getState().entries;
const settled = (id: string) =>
  new Promise<UploadEntry>((resolve) => {
    const check = () => {
      const entry = entries().find((candidate) => candidate.id === id);
      if (entry && ['done', 'failed', 'cancelled'].includes(entry.status)) {
        unsubscribe();
        resolve(entry);
      }
    };
    const unsubscribe = useUploadStore.subscribe(check);
    check();
  });

describe('the upload runner', () => {
  beforeEach(() => useUploadStore.setState({ entries: [], pendingBatch: null }));

  it('asks about a single file whose name is taken too, and uploads it as a new version when told', async () => {
    const timers = instantTimers();
    const fake = fakeSteps(timers.now, ['plan.pdf']);
    const runner = createUploadRunner({ steps: fake.steps, sendPart: fake.oss.sendPart, timers });
    const asked: string[][] = [];
    const batch = await planBatch(
      [{ file: blob, name: 'plan.pdf', path: [] }],
      place,
      fake.steps,
      (names) => (asked.push(names), Promise.resolve('new-version' as const)),
      new AbortController().signal,
    );
    expect(asked).toEqual([['plan.pdf']]);
    runner.filesDropped(batch?.uploads ?? [], batch?.files ?? []);
    expect((await settled(batch?.uploads[0]?.id ?? '')).result?.versionNumber).toBe(2);
    expect(fake.created).toEqual(['version plan.pdf v2']);
  });

  it('sends neither an empty file nor a too-long name, and sends the file once renamed', async () => {
    const timers = instantTimers();
    const fake = fakeSteps(timers.now, []);
    const runner = createUploadRunner({ steps: fake.steps, sendPart: fake.oss.sendPart, timers });
    const long = `${'n'.repeat(260)}.ifc`;
    const picked = [
      { file: new Blob([]), name: 'empty.rvt', path: [] },
      { file: blob, name: long, path: [] },
    ];
    const batch = await planBatch(picked, place, fake.steps, () => Promise.resolve(null), new AbortController().signal);
    runner.filesDropped(batch?.uploads ?? [], batch?.files ?? []);
    expect(entries().map((entry) => entry.status)).toEqual(['refused', 'held']);
    expect(fake.created).toEqual([]);

    runner.rename(batch?.uploads[1]?.id ?? '', 'short.ifc');
    expect((await settled(batch?.uploads[1]?.id ?? '')).name).toBe('short.ifc');
    expect(fake.created).toEqual(['item short.ifc']);
    expect(entries()[0]?.status).toBe('refused');
  });

  it('asks once for a batch with conflicts and follows the answer', async () => {
    const timers = instantTimers();
    const fake = fakeSteps(timers.now, ['a.txt', 'b.txt']);
    const asked: string[][] = [];
    const picked = ['a.txt', 'b.txt', 'c.txt'].map((name) => ({ file: blob, name, path: [] }));
    const batch = await planBatch(
      picked,
      place,
      fake.steps,
      (names) => (asked.push(names), Promise.resolve('skip' as const)),
      new AbortController().signal,
    );
    expect(asked).toEqual([['a.txt', 'b.txt']]);
    expect(batch?.uploads.map((upload) => upload.skipped ?? false)).toEqual([true, true, false]);
    const keepBoth = await planBatch(
      picked,
      place,
      fake.steps,
      () => Promise.resolve('keep-both' as const),
      new AbortController().signal,
    );
    expect(keepBoth?.uploads.map((upload) => upload.name)).toEqual(['a (2).txt', 'b (2).txt', 'c.txt']);
    expect(
      await planBatch(picked, place, fake.steps, () => Promise.resolve(null), new AbortController().signal),
    ).toBeNull();
  });

  it('cancel stops a running file and creates nothing; retry then finishes it', async () => {
    const timers = instantTimers();
    const fake = fakeSteps(timers.now);
    let cancelOnce = true;
    const runner = createUploadRunner({
      steps: fake.steps,
      timers,
      plan: (size) => ({ partSize: 10, count: Math.ceil(size / 10) }),
      sendPart: async (url, body, signal, onProgress) => {
        if (cancelOnce && url.endsWith('/2')) {
          cancelOnce = false;
          runner.cancel('a');
        }
        return fake.oss.sendPart(url, body, signal, onProgress);
      },
    });
    const target: FolderTarget = { kind: 'folder', ...place, path: [], asVersion: false, onConflict: 'new-version' };
    runner.filesDropped([{ id: 'a', name: 'a.bin', size: blob.size, target }], [blob]);
    expect((await settled('a')).status).toBe('cancelled');
    expect(fake.created).toEqual([]);
    runner.retry('a');
    expect((await settled('a')).status).toBe('done');
    expect(fake.created).toEqual(['item a.bin']);
  });
});

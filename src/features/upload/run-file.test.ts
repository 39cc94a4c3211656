import { beforeEach, describe, expect, it } from 'vitest';
import { createLimiter } from './limiter';
import { fakeSteps } from '../../testing/upload/fake-steps';
import { runFile } from './run-file';
import { instantTimers } from '../../testing/upload/timers';
import { useUploadStore, type FolderTarget, type UploadEntry } from './upload-store';

const plan = (size: number) => ({ partSize: 10, count: Math.max(1, Math.ceil(size / 10)) });
const folder = (change: Partial<FolderTarget> = {}): FolderTarget => ({
  kind: 'folder',
  hubId: 'hub',
  projectId: 'project',
  folderId: 'folder',
  path: [],
  asVersion: false,
  onConflict: 'new-version',
  ...change,
});

function setup(existing: string[] = []) {
  const timers = instantTimers();
  const fake = fakeSteps(timers.now, existing);
  const shared = { sendPart: fake.oss.sendPart, limiter: createLimiter(4), timers, plan };
  const queue = (name: string, target: UploadEntry['target'], size: number) => {
    useUploadStore.getState().actions.filesQueued([{ id: name, name, size, target }], timers.now());
    return () => useUploadStore.getState().entries.find((entry) => entry.id === name) as UploadEntry;
  };
  return { ...fake, shared, queue };
}

const file = new Blob(['0123456789'.repeat(5)]);

describe('runFile', () => {
  beforeEach(() => useUploadStore.setState({ entries: [], pendingBatch: null }));

  it('creates storage, sends the content, completes it and creates the item', async () => {
    const { steps, shared, queue, created, completed } = setup();
    const entry = queue('plan.pdf', folder(), file.size);
    await runFile(entry(), file, steps, shared, new AbortController().signal);
    expect(completed).toEqual(['storage-1:key-1']);
    expect(created).toEqual(['item plan.pdf']);
    expect(entry()).toMatchObject({ status: 'done', sentBytes: file.size, result: { versionNumber: 1 } });
  });

  it('uploads a name marked as a version as the next version of that item', async () => {
    const { steps, shared, queue, created } = setup(['plan.pdf']);
    const entry = queue('plan.pdf', folder({ asVersion: true }), file.size);
    await runFile(entry(), file, steps, shared, new AbortController().signal);
    expect(created).toEqual(['version plan.pdf v2']);
    expect(entry().result?.versionNumber).toBe(2);
  });

  it('keeps both when the name was taken meanwhile and the batch chose so', async () => {
    const { steps, shared, queue, created } = setup(['plan.pdf']);
    const entry = queue('plan.pdf', folder({ onConflict: 'keep-both' }), file.size);
    await runFile(entry(), file, steps, shared, new AbortController().signal);
    expect(created).toEqual(['item plan (2).pdf']);
    expect(entry().name).toBe('plan (2).pdf');
  });

  it('makes a version when the name was taken meanwhile and the batch chose new versions', async () => {
    const { steps, shared, queue, created } = setup(['plan.pdf']);
    const entry = queue('plan.pdf', folder(), file.size);
    await runFile(entry(), file, steps, shared, new AbortController().signal);
    expect(created).toEqual(['version plan.pdf v2']);
  });

  it('creates nothing when cancelled during the content', async () => {
    const { steps, shared, queue, created, completed, oss } = setup();
    const entry = queue('plan.pdf', folder(), file.size);
    const controller = new AbortController();
    const sendPart: typeof shared.sendPart = async (url, body, signal, onProgress) => {
      if (url.endsWith('/3')) controller.abort();
      return oss.sendPart(url, body, signal, onProgress);
    };
    await expect(
      runFile(entry(), file, steps, { ...shared, sendPart, parallel: 1 }, controller.signal),
    ).rejects.toThrow();
    expect(completed).toEqual([]);
    expect(created).toEqual([]);
  });

  it('creates nothing when cancelled while the content is completed', async () => {
    const { steps, shared, queue, created } = setup();
    const entry = queue('plan.pdf', folder(), file.size);
    const controller = new AbortController();
    const complete: typeof steps.complete = () => Promise.resolve(controller.abort());
    await expect(runFile(entry(), file, { ...steps, complete }, shared, controller.signal)).rejects.toThrow();
    expect(created).toEqual([]);
  });

  it('retries a failed file with its storage and uploadKey, sending only the parts it lacks', async () => {
    const { steps, shared, queue, created, oss } = setup();
    const entry = queue('plan.pdf', folder(), file.size);
    oss.failPart(4, 100, 500);
    await expect(
      runFile(
        entry(),
        file,
        steps,
        { ...shared, parallel: 1, policy: { retries: 1, baseMs: 1, maxMs: 1 } },
        new AbortController().signal,
      ),
    ).rejects.toThrow();
    expect(entry()).toMatchObject({
      storageId: 'urn:adsk.objects:os.object:wip/storage-1',
      uploadKey: 'key-1',
      doneParts: [1, 2, 3],
      partRetries: 2,
    });

    oss.failPart(4, 0);
    oss.sent.length = 0;
    await runFile(entry(), file, steps, shared, new AbortController().signal);
    expect(oss.sent.sort()).toEqual([4, 5]);
    expect(oss.assembled('key-1')).toBe('0123456789'.repeat(5));
    expect(created).toEqual(['item plan.pdf']);
  });

  it('uploads an object into a bucket under its name', async () => {
    const { steps, shared, queue, completed } = setup();
    const entry = queue('docs/a.txt', { kind: 'bucket', bucketKey: 'my-bucket' }, file.size);
    await runFile(entry(), file, steps, shared, new AbortController().signal);
    expect(completed).toEqual(['docs/a.txt:key-1']);
    expect(entry().result).toEqual({ objectId: 'urn:adsk.objects:os.object:my-bucket/docs/a.txt' });
  });
});

import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { uploadActions, useUploadEntries, useUploadsRunning, useUploadStore, type UploadEntry } from './upload-store';

const target = { kind: 'bucket', bucketKey: 'b' } as const;
const entry = (id: string) => useUploadStore.getState().entries.find((candidate) => candidate.id === id) as UploadEntry;

describe('the upload store', () => {
  beforeEach(() => useUploadStore.setState({ entries: [], pendingBatch: null }));

  it('follows a file from queued to done, counting its bytes and smoothing its speed', () => {
    const actions = uploadActions();
    actions.filesQueued([{ id: 'a', name: 'a.bin', size: 1000, target }], 0);
    actions.uploadStarted('a', 0);
    actions.bytesSent('a', 400, 100);
    expect(entry('a')).toMatchObject({ status: 'uploading', sentBytes: 400 });
    actions.bytesSent('a', 100, 1000);
    expect(entry('a').meter.speed).toBe(500);
    actions.bytesSent('a', -100, 1100); // a failed attempt's bytes no longer count
    expect(entry('a').sentBytes).toBe(400);
    actions.partFinished('a', 1);
    actions.contentSent('a');
    expect(entry('a')).toMatchObject({ status: 'finishing', sentBytes: 1000, doneParts: [1] });
    actions.fileFinished('a', { versionNumber: 1 }, 'a (2).bin');
    expect(entry('a')).toMatchObject({ status: 'done', name: 'a (2).bin' });
  });

  it('cancels only what is still active, and retries only what failed or was cancelled', () => {
    const actions = uploadActions();
    actions.filesQueued(
      [
        { id: 'a', name: 'a', size: 1, target },
        { id: 'b', name: 'b', size: 1, target },
        { id: 'c', name: 'c', size: 1, target, skipped: true },
      ],
      0,
    );
    actions.fileFinished('a', {});
    actions.uploadCancelled('a');
    actions.uploadCancelled('b');
    expect([entry('a').status, entry('b').status, entry('c').status]).toEqual(['done', 'cancelled', 'skipped']);
    actions.retryRequested('a', 0);
    actions.retryRequested('b', 0);
    expect([entry('a').status, entry('b').status]).toEqual(['done', 'queued']);
    actions.fileFailed('b', 'boom');
    expect(entry('b')).toMatchObject({ status: 'failed', error: 'boom' });
  });

  it('tells its hooks whether uploads run, and clears the finished ones', () => {
    const { result } = renderHook(() => ({ running: useUploadsRunning(), entries: useUploadEntries() }));
    expect(result.current.running).toBe(false);
    act(() =>
      uploadActions().filesQueued(
        [
          { id: 'a', name: 'a', size: 1, target },
          { id: 'b', name: 'b', size: 1, target },
        ],
        0,
      ),
    );
    expect(result.current.running).toBe(true);
    act(() => {
      uploadActions().fileFinished('a', {});
      uploadActions().uploadCancelled('b');
    });
    expect(result.current.running).toBe(false);
    act(() => uploadActions().finishedCleared());
    expect(result.current.entries).toEqual([]);
  });
});

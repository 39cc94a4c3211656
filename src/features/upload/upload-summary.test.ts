import { beforeEach, describe, expect, it } from 'vitest';
import { uploadActions, useUploadStore, type FolderTarget } from './upload-store';
import { uploadSummary } from './upload-summary';

const target: FolderTarget = {
  kind: 'folder',
  hubId: 'h',
  projectId: 'p',
  folderId: 'f',
  path: [],
  asVersion: false,
  onConflict: 'new-version',
};
const entries = () => useUploadStore.getState().entries;

describe('uploadSummary', () => {
  beforeEach(() => {
    useUploadStore.setState({ entries: [], pendingBatch: null });
    uploadActions().filesQueued(
      [
        { id: 'a', name: 'a.ifc', size: 100, target },
        { id: 'b', name: 'b.ifc', size: 100, target },
      ],
      0,
    );
  });

  it('says Cancelled, not 100%, when every upload was cancelled', () => {
    uploadActions().uploadCancelled('a');
    uploadActions().uploadCancelled('b');
    expect(uploadSummary(entries())).toBe('Cancelled');
  });

  it('counts outcomes in words once nothing is sent, not a 50%', () => {
    uploadActions().fileFinished('a', {});
    uploadActions().fileFailed('b', 'Network');
    expect(uploadSummary(entries())).toBe('1 done, 1 failed');
  });

  it('measures progress only over the files still being sent', () => {
    uploadActions().fileFailed('a', 'Network');
    uploadActions().uploadStarted('b', 0);
    uploadActions().bytesSent('b', 25, 0);
    expect(uploadSummary(entries())).toBe('1 uploading · 25% · 1 failed');
  });

  it('holds a long name and sends it once renamed', () => {
    uploadActions().filesQueued([{ id: 'l', name: `${'x'.repeat(256)}.dwg`, size: 5, target }], 0);
    expect(entries().find((entry) => entry.id === 'l')).toMatchObject({ status: 'held', problem: 'name-too-long' });
    uploadActions().renamedForUpload('l', 'x.dwg');
    expect(entries().find((entry) => entry.id === 'l')).toMatchObject({ status: 'queued', name: 'x.dwg' });
    expect(entries().find((entry) => entry.id === 'l')?.problem).toBeUndefined();
  });
});

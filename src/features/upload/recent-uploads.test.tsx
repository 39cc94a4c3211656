import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { RecentUploadsHighlight } from './recent-uploads';
import { uploadActions, useUploadStore, type FolderTarget } from './upload-store';

const place = { hubId: 'h', projectId: 'p', folderId: 'f' };
const target = (change: Partial<FolderTarget> = {}): FolderTarget => ({
  kind: 'folder',
  ...place,
  path: [],
  asVersion: false,
  onConflict: 'new-version',
  ...change,
});

describe('RecentUploadsHighlight', () => {
  beforeEach(() => useUploadStore.setState({ entries: [], pendingBatch: null }));

  it('marks the rows of files finished in this folder only, their names taken literally', () => {
    const actions = uploadActions();
    actions.filesQueued(
      [
        { id: 'done', name: 'say "hi".txt', size: 1, target: target() },
        { id: 'running', name: 'running.txt', size: 1, target: target() },
        { id: 'elsewhere', name: 'other.txt', size: 1, target: target({ folderId: 'g' }) },
        { id: 'below', name: 'deep.txt', size: 1, target: target({ path: ['sub'] }) },
      ],
      0,
    );
    for (const id of ['done', 'elsewhere', 'below']) actions.fileFinished(id, { versionNumber: 1 });
    const { container } = render(<RecentUploadsHighlight place={place} />);
    const css = container.querySelector('style')?.textContent ?? '';
    expect(css).toContain('a[title="say \\"hi\\".txt"]');
    expect(css).not.toMatch(/running|other|deep/);
  });

  it('renders nothing while nothing has finished here', () => {
    const { container } = render(<RecentUploadsHighlight place={place} />);
    expect(container).toBeEmptyDOMElement();
  });
});

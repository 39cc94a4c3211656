import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { UploadHost } from './upload-host';
import { uploadActions, useUploadStore, type FolderTarget } from './upload-store';

const target: FolderTarget = {
  kind: 'folder',
  hubId: 'h',
  projectId: 'p',
  folderId: 'f',
  path: [],
  asVersion: false,
  onConflict: 'new-version',
};

describe('UploadHost', () => {
  beforeEach(() => useUploadStore.setState({ entries: [], pendingBatch: null }));

  it('shows the queue once files are in it and the conflict question while a batch waits, each loaded then', async () => {
    renderWithProviders(
      <UploadHost>
        <h1>Folder</h1>
      </UploadHost>,
    );
    expect(screen.getByRole('heading', { name: 'Folder' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull();

    act(() => uploadActions().filesQueued([{ id: 'a', name: 'plan.pdf', size: 10, target }], 0));
    expect(await screen.findByRole('region', { name: 'Uploads' })).toHaveTextContent('plan.pdf');

    act(() => uploadActions().conflictsFound({ conflicts: ['plan.pdf'], batchSize: 1, decide: () => undefined }));
    expect(await screen.findByRole('dialog', { name: 'A file with this name is already here' })).toBeInTheDocument();
  });
});

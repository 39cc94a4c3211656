import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConflictDialog } from './conflict-dialog';
import { uploadActions, useUploadStore } from './upload-store';

describe('ConflictDialog', () => {
  beforeEach(() => useUploadStore.setState({ entries: [], pendingBatch: null }));

  it('asks once for the batch’s taken names and passes on the choice', async () => {
    const decide = vi.fn();
    render(<ConflictDialog />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => uploadActions().conflictsFound({ conflicts: ['plan.pdf', 'model.ifc'], batchSize: 2, decide }));
    const dialog = screen.getByRole('dialog', { name: '2 files with these names are already here' });
    expect(dialog).toHaveTextContent('plan.pdf');
    expect(dialog).toHaveTextContent('Nothing is uploaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Keep both' }));
    expect(decide).toHaveBeenCalledWith('keep-both');
  });

  it('calls the batch off on Cancel', async () => {
    const decide = vi.fn();
    render(<ConflictDialog />);
    act(() => uploadActions().conflictsFound({ conflicts: ['plan.pdf'], batchSize: 1, decide }));
    expect(screen.getByRole('dialog', { name: 'A file with this name is already here' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload as a new version' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Skip this file' })).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveTextContent('Nothing is uploaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(decide).toHaveBeenCalledWith(null);
  });

  it('says the other files still go when one taken name is skipped from a larger pick', () => {
    render(<ConflictDialog />);
    act(() => uploadActions().conflictsFound({ conflicts: ['plan.pdf'], batchSize: 3, decide: vi.fn() }));
    expect(screen.getByRole('button', { name: 'Skip this file' })).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveTextContent('Only the files whose names are free are uploaded.');
  });
});

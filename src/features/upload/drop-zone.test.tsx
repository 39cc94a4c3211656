import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { droppedFiles } from './dropped-files';
import { DropZone } from './drop-zone';

/** Entries as Chromium's File and Directory Entries API hands them over, readEntries in batches. */
const fileEntry = (name: string) => ({
  isFile: true,
  isDirectory: false,
  name,
  file: (done: (file: File) => void) => done(new File([name], name)),
});
const dirEntry = (name: string, children: unknown[]) => ({
  isFile: false,
  isDirectory: true,
  name,
  createReader: () => {
    const batches = [children.slice(0, 1), children.slice(1), []];
    return { readEntries: (done: (entries: unknown[]) => void) => done(batches.shift() ?? []) };
  },
});
const transfer = (entries: unknown[]) =>
  ({
    types: ['Files'],
    files: [],
    items: entries.map((entry) => ({ kind: 'file', webkitGetAsEntry: () => entry })),
  }) as unknown as DataTransfer;

describe('dropped files', () => {
  it('walks dropped folders, keeping each file’s folder path', async () => {
    const dropped = await droppedFiles(
      transfer([fileEntry('a.txt'), dirEntry('Site', [fileEntry('b.ifc'), dirEntry('Photos', [fileEntry('c.png')])])]),
    );
    expect(dropped.map(({ name, path }) => ({ name, path }))).toEqual([
      { name: 'a.txt', path: [] },
      { name: 'b.ifc', path: ['Site'] },
      { name: 'c.png', path: ['Site', 'Photos'] },
    ]);
  });

  it('shows where files go while they are dragged over, and hands over what is dropped', async () => {
    const onDrop = vi.fn();
    render(
      <DropZone label="“Models”" onDrop={onDrop}>
        <p>contents</p>
      </DropZone>,
    );
    const zone = screen.getByText('contents').parentElement as HTMLElement;
    fireEvent.dragEnter(zone, { dataTransfer: { types: ['Files'] } });
    expect(screen.getByRole('status')).toHaveTextContent('Drop files or folders to upload to “Models”');
    fireEvent.dragLeave(zone, { dataTransfer: { types: ['Files'] } });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    fireEvent.dragEnter(zone, { dataTransfer: { types: ['Files'] } });
    fireEvent.drop(zone, { dataTransfer: transfer([fileEntry('plan.pdf')]) });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await vi.waitFor(() =>
      expect(onDrop).toHaveBeenCalledWith([expect.objectContaining({ name: 'plan.pdf', path: [] })]),
    );
  });
});

import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeUrn } from '../../../contracts/model-derivative';
import { modelPath } from '../../lib/model-paths';
import { renderWithProviders } from '../../testing/render';
import { UploadRunnerProvider } from './runner-context';
import type { UploadRunner } from './upload-runner';
import { UploadPanel } from './upload-panel';
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
const versionId = 'urn:adsk.wipprod:fs.file:vf.abc?version=2';

function renderPanel() {
  const runner: UploadRunner = {
    filesDropped: vi.fn(),
    cancel: vi.fn(),
    retry: vi.fn(),
    rename: vi.fn(),
    steps: {} as UploadRunner['steps'],
  };
  const view = renderWithProviders(
    <UploadRunnerProvider runner={runner}>
      <UploadPanel />
    </UploadRunnerProvider>,
  );
  return { ...view, runner };
}

describe('UploadPanel', () => {
  beforeEach(() => {
    useUploadStore.setState({ entries: [], pendingBatch: null });
    const actions = uploadActions();
    actions.filesQueued(
      [
        { id: 'a', name: 'big.ifc', size: 100_000_000, target },
        { id: 'b', name: 'plan.pdf', size: 10, target },
        { id: 'c', name: 'broken.dwg', size: 10, target },
      ],
      0,
    );
    actions.uploadStarted('a', 0);
    actions.bytesSent('a', 25_000_000, 0);
    actions.bytesSent('a', 25_000_000, 1000);
    actions.fileFinished('b', { versionId, itemId: 'urn:item', versionNumber: 2 });
    actions.uploadStarted('c', 0);
    actions.partFinished('c', 1);
    actions.fileFailed('c', 'The network failed while sending a part.');
  });

  it('shows each file’s progress, speed and outcome, with Translate after a finished one', async () => {
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Uploads' });
    const big = within(panel).getByRole('listitem', { name: 'big.ifc' });
    expect(within(big).getByRole('progressbar', { name: 'big.ifc progress' })).toHaveAttribute('value', '50000000');
    expect(big).toHaveTextContent(/50 MB of 100 MB · 50 MB\/s · 1 s left/);
    const plan = within(panel).getByRole('listitem', { name: 'plan.pdf' });
    expect(plan).toHaveTextContent('Uploaded as version 2');
    expect(within(plan).getByRole('link', { name: 'Translate plan.pdf' })).toHaveAttribute(
      'href',
      // The item's place goes along, so the model page shows the folders the file sits in.
      modelPath(encodeUrn(versionId), {
        translate: true,
        name: 'plan.pdf',
        item: { hubId: 'h', projectId: 'p', itemId: 'urn:item' },
      }),
    );
    // A failure says what to do, and that the bytes already sent are not lost.
    expect(within(panel).getByRole('listitem', { name: 'broken.dwg' })).toHaveTextContent(
      'The network failed while sending a part. Choose Retry to send the rest: the part already sent is kept.',
    );
    expect(within(panel).getByText('1 uploading, 1 uploaded, 1 failed')).toHaveAttribute('aria-live', 'polite');
  });

  it('cancels, retries, collapses and clears by keyboard-reachable buttons', async () => {
    const { runner, user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Cancel big.ifc' }));
    expect(runner.cancel).toHaveBeenCalledWith('a');
    await user.click(screen.getByRole('button', { name: 'Retry broken.dwg' }));
    expect(runner.retry).toHaveBeenCalledWith('c');

    const toggle = screen.getByRole('button', { name: /^Uploads/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listitem', { name: 'plan.pdf' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear finished' }));
    expect(useUploadStore.getState().entries.map((entry) => entry.id)).toEqual(['a']);
  });

  it('stays open with the outcomes once every file is finished, and keeps toasts and rows clear of it', async () => {
    renderPanel();
    const toggle = await screen.findByRole('button', { name: /^Uploads/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.documentElement.style.getPropertyValue('--upload-panel-height')).toMatch(/px$/);
    act(() => uploadActions().uploadCancelled('a'));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Uploads · 1 done, 1 failed, 1 cancelled');
  });

  it('refuses an empty file and holds a long name for renaming, saying why', async () => {
    const long = `${'a'.repeat(300)}.ifc`;
    act(() =>
      uploadActions().filesQueued(
        [
          { id: 'e', name: 'empty.rvt', size: 0, target },
          { id: 'l', name: long, size: 10, target },
        ],
        0,
      ),
    );
    const { runner, user } = renderPanel();
    const empty = await screen.findByRole('listitem', { name: 'empty.rvt' });
    expect(empty).toHaveTextContent('the file is empty (0 bytes), and Autodesk Docs refuses empty files');
    expect(within(empty).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();

    const held = screen.getByRole('listitem', { name: long });
    expect(held).toHaveTextContent('names can be at most 255 characters');
    const input = within(held).getByRole('textbox', { name: `New name for ${long}` });
    expect(input).toHaveValue(`${'a'.repeat(251)}.ifc`);
    await user.clear(input);
    await user.type(input, 'short.ifc');
    await user.click(within(held).getByRole('button', { name: 'Upload' }));
    expect(runner.rename).toHaveBeenCalledWith('l', 'short.ifc');
  });

  it('warns before the tab closes while uploads run, and not after', () => {
    renderPanel();
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    act(() => uploadActions().uploadCancelled('a'));
    const later = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });
});

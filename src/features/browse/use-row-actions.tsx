import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { dmMutations, type FolderPlace } from '../../api/data-management/mutations';
import { describeError } from '../../api/describe-error';
import { runMutation } from '../../api/run-mutation';
import { showToast } from '../../components/ui/toast-store';
import type { ContentRow } from './content-rows';
import { loadedNames, nameClash } from './loaded-names';

// Opened by a click: fetched once the folder shows, not with it.
const NameDialog = lazyPart(() => import('./name-dialog').then((module) => module.NameDialog));
const MoveDialog = lazyPart(() => import('./move-dialog').then((module) => module.MoveDialog));
import { lazyPart, usePreloadWhenIdle } from '../../lib/load-once';

type Dialog =
  { kind: 'new-folder' } | { kind: 'rename'; row: ContentRow } | { kind: 'move'; rows: ContentRow[] } | null;

const plural = (rows: ContentRow[]) => (rows.length === 1 ? `“${rows[0]!.name}”` : `${rows.length} entries`);

/**
 * New folder, rename, move and delete in one folder, each as the service allows it, each with Undo
 * in its toast: a delete is undone by showing the folder again or copying back the file's last
 * version, a rename or move by doing it the other way.
 */
export function useRowActions(place: FolderPlace) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const { projectId, hubId } = place;
  const folderRef = (row: ContentRow) => ({ projectId, folderId: row.id });
  const itemRef = (row: ContentRow) => ({ projectId, itemId: row.id });

  const open = (next: Dialog) => {
    setError(null);
    setDialog(next);
  };
  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      setDialog(null);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const undoable = (title: string, undo: () => Promise<unknown>) =>
    showToast({
      tone: 'success',
      title,
      action: {
        label: 'Undo',
        run: () =>
          void undo().then(
            () => showToast({ tone: 'info', title: 'Undone' }),
            (failure: unknown) =>
              showToast({ tone: 'error', title: "Couldn't undo", message: describeError(failure).message }),
          ),
      },
    });

  const renameTo = (row: ContentRow, name: string) =>
    row.kind === 'folder'
      ? runMutation(queryClient, dmMutations.updateFolder(folderRef(row), place), { name })
      : runMutation(queryClient, dmMutations.renameItem(itemRef(row), place), name);
  const setDeleted = (row: ContentRow, deleted: boolean): Promise<unknown> => {
    if (row.kind === 'folder')
      return runMutation(queryClient, dmMutations.updateFolder(folderRef(row), place), { hidden: deleted });
    if (deleted) return runMutation(queryClient, dmMutations.deleteItem(itemRef(row), place), row.name);
    if (!row.tipId) return Promise.reject(new Error(`“${row.name}” has no version to restore.`));
    return runMutation(queryClient, dmMutations.restoreItem(itemRef(row), place), row.tipId);
  };
  const moveTo = (row: ContentRow, folderId: string) =>
    runMutation(queryClient, dmMutations.moveFolder(folderRef(row), hubId), folderId);

  const remove = async (rows: ContentRow[]) => {
    const results = await Promise.allSettled(rows.map((row) => setDeleted(row, true)));
    const done = rows.filter((_, index) => results[index]!.status === 'fulfilled');
    const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (done.length) undoable(`Deleted ${plural(done)}`, () => Promise.all(done.map((row) => setDeleted(row, false))));
    if (failed)
      showToast({
        tone: 'error',
        title: `Couldn't delete ${rows.length - done.length === 1 ? 'one entry' : `${rows.length - done.length} entries`}`,
        message: describeError(failed.reason).message,
      });
  };

  usePreloadWhenIdle(NameDialog.preload, MoveDialog.preload);
  // Read when a name dialog opens: the service would refuse a name the loaded rows already have.
  const names = dialog && dialog.kind !== 'move' ? loadedNames(queryClient, place) : new Map<string, ContentRow>();
  const shown: ReactNode = !dialog ? null : dialog.kind === 'new-folder' ? (
    <NameDialog
      title="New folder"
      label="Folder name"
      initial="New folder"
      submitLabel="Create"
      busy={busy}
      error={error}
      clash={(name) => nameClash(names, name)}
      onCancel={() => setDialog(null)}
      onSubmit={(name) =>
        void attempt(async () => {
          const created = await runMutation(queryClient, dmMutations.createFolder(place), name);
          undoable(`Created “${name}”`, () =>
            runMutation(queryClient, dmMutations.updateFolder({ projectId, folderId: created.data.id }, place), {
              hidden: true,
            }),
          );
        })
      }
    />
  ) : dialog.kind === 'rename' ? (
    <NameDialog
      title={`Rename “${dialog.row.name}”`}
      label="New name"
      initial={dialog.row.name}
      submitLabel="Rename"
      busy={busy}
      error={error}
      clash={(name) => nameClash(names, name, dialog.row)}
      onCancel={() => setDialog(null)}
      onSubmit={(name) =>
        void attempt(async () => {
          const { row } = dialog;
          if (name === row.name) return;
          await renameTo(row, name);
          undoable(`Renamed to “${name}”`, () => renameTo({ ...row, name }, row.name));
        })
      }
    />
  ) : (
    <MoveDialog
      hubId={hubId}
      projectId={projectId}
      moving={dialog.rows.map((row) => ({ id: row.id, name: row.name }))}
      fromFolderId={place.folderId}
      busy={busy}
      error={error}
      onCancel={() => setDialog(null)}
      onMove={(destination) =>
        void attempt(async () => {
          const { rows } = dialog;
          for (const row of rows) await moveTo(row, destination.id);
          undoable(`Moved ${plural(rows)} to “${destination.name}”`, () =>
            Promise.all(rows.map((row) => moveTo(row, place.folderId))),
          );
        })
      }
    />
  );

  const dialogs = <Suspense fallback={null}>{shown}</Suspense>;

  return {
    newFolder: () => open({ kind: 'new-folder' }),
    rename: (row: ContentRow) => open({ kind: 'rename', row }),
    /** Folders only: Data Management has no way to move a file to another folder. */
    move: (rows: ContentRow[]) => open({ kind: 'move', rows: rows.filter((row) => row.kind === 'folder') }),
    remove: (rows: ContentRow[]) => void remove(rows),
    dialogs,
  };
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { dmQueries } from '../../api/data-management/queries';
import { describeError } from '../../api/describe-error';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ChevronRightIcon, FolderIcon } from '../../components/ui/icons';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { Spinner } from '../../components/ui/spinner';

interface MoveDialogProps {
  hubId: string;
  projectId: string;
  /** The folders being moved: they and what is inside them cannot be the destination. */
  moving: { id: string; name: string }[];
  /** Where they are now, which would be no move at all. */
  fromFolderId: string;
  busy: boolean;
  error: unknown;
  onMove: (destination: { id: string; name: string }) => void;
  onCancel: () => void;
}

type Place = { id: string; name: string };

/** Picks a destination folder by walking down from the project's top folders. */
export function MoveDialog({ hubId, projectId, moving, fromFolderId, busy, error, onMove, onCancel }: MoveDialogProps) {
  const [trail, setTrail] = useState<Place[]>([]);
  const here = trail.at(-1);
  const top = useQuery({ ...dmQueries.topFolders(hubId, projectId), enabled: !here });
  const children = useQuery({
    ...dmQueries.folderContents({
      projectId,
      folderId: here?.id ?? '',
      page: 0,
      type: 'folders',
      includeHidden: false,
    }),
    enabled: Boolean(here),
  });
  const folders: Place[] = here
    ? (children.data?.data ?? [])
        .filter((entry) => entry.type === 'folders')
        .map((entry) => ({ id: entry.id, name: entry.attributes.displayName || entry.attributes.name }))
    : (top.data?.data ?? []).map((entry) => ({
        id: entry.id,
        name: entry.attributes.displayName || entry.attributes.name,
      }));
  const movingIds = new Set(moving.map((folder) => folder.id));
  const insideMoved = trail.some((place) => movingIds.has(place.id));
  const pending = here ? children.isPending : top.isPending;
  const what = moving.length === 1 ? `“${moving[0]!.name}”` : `${moving.length} folders`;

  return (
    <ModalDialog title={`Move ${what}`} onCancel={onCancel}>
      <div className="space-y-3 text-sm">
        <nav
          aria-label="Destination"
          className="flex flex-wrap items-center gap-1 text-neutral-600 dark:text-neutral-300"
        >
          <button type="button" className="rounded px-1 hover:underline" onClick={() => setTrail([])}>
            Project
          </button>
          {trail.map((place, index) => (
            <span key={place.id} className="flex items-center gap-1">
              <ChevronRightIcon className="size-3" />
              <button
                type="button"
                className="rounded px-1 hover:underline"
                aria-current={index === trail.length - 1 ? 'location' : undefined}
                onClick={() => setTrail(trail.slice(0, index + 1))}
              >
                {place.name}
              </button>
            </span>
          ))}
        </nav>
        <ul
          aria-label="Folders here"
          className="max-h-64 min-h-24 overflow-auto rounded-md border border-neutral-200 p-1 dark:border-neutral-800"
        >
          {pending && (
            <li className="p-2">
              <Spinner className="size-4" />
              <span className="sr-only">Loading folders</span>
            </li>
          )}
          {!pending && folders.length === 0 && (
            <li className="p-2 text-neutral-500 dark:text-neutral-400">No folders inside.</li>
          )}
          {folders.map((folder) => (
            <li key={folder.id}>
              <button
                type="button"
                disabled={movingIds.has(folder.id)}
                onClick={() => setTrail([...trail, folder])}
                className="flex w-full items-center gap-2 rounded px-2 py-1.5 text-left hover:bg-neutral-100 disabled:opacity-50 dark:hover:bg-neutral-800"
              >
                <FolderIcon className="size-4 text-amber-500" />
                <span className="truncate">{folder.name}</span>
                {movingIds.has(folder.id) && <span className="ml-auto text-xs">(being moved)</span>}
              </button>
            </li>
          ))}
        </ul>
        {error !== null && error !== undefined && (
          <Alert tone="danger" title="Couldn't move">
            {describeError(error).message}
          </Alert>
        )}
        <div className="flex items-center justify-end gap-2 pt-1">
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            variant="primary"
            loading={busy}
            disabled={!here || here.id === fromFolderId || insideMoved}
            onClick={() => here && onMove(here)}
          >
            {here ? `Move to ${here.name}` : 'Pick a folder'}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}

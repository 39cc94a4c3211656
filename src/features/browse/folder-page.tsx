import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { encodeUrn } from '../../../contracts/model-derivative';
import { dmQueries } from '../../api/data-management/queries';
import { Button } from '../../components/ui/button';
import { FolderIcon, RefreshIcon } from '../../components/ui/icons';
import { formatCount } from '../../lib/format-bytes';
import { Breadcrumbs } from './breadcrumbs';
import type { RowCommands } from './details-panel';
import { FolderContents } from './folder-contents';
import { FolderToolbar } from './folder-toolbar';
import { PageHeader } from './page-header';
import { PlaceError } from './place-error';
import { folderPath, itemPath, projectPath, requireParam } from './places';
import type { MenuAction } from './row-menu';
import { useDownloadRows } from './use-download-rows';
import { useFileActions } from './use-file-actions';
import { useRowActions } from './use-row-actions';
import { useFolderView } from './use-folder-view';

interface FolderPlace {
  hubId: string;
  projectId: string;
  folderId: string;
}

/** Uploading into the folder, plugged in by src/app: browse does not know the upload feature. */
export interface FolderUploadSlot {
  button: (place: FolderPlace) => ReactNode;
  dropZone: (place: FolderPlace, folderName: string, contents: ReactNode) => ReactNode;
}

/** A subfolder's menu entries from other features, plugged in by src/app as uploads are. */
export type FolderMenuSlot = (folder: FolderPlace & { name: string }) => MenuAction[];

/** A file picked with others, as other features act on it: its latest version's encoded URN and its place. */
export interface PickedFile {
  urn: string;
  name: string;
  item: { hubId: string; projectId: string; itemId: string };
}

/** Entries for several picked files from other features (translate them all), plugged in by src/app. */
export type PickedFilesSlot = (files: PickedFile[]) => MenuAction[];

const zipNameOf = (attributes: { displayName?: string; name: string } | undefined) =>
  (attributes?.displayName || attributes?.name || 'files').replace(/[\\/:*?"<>|]/g, '_');

/** `/hubs/:hubId/projects/:projectId/folders/:folderId`: one folder's contents. */
export function FolderPage({
  upload,
  folderMenu,
  pickedFiles,
}: { upload?: FolderUploadSlot; folderMenu?: FolderMenuSlot; pickedFiles?: PickedFilesSlot } = {}) {
  const params = useParams();
  const hubId = requireParam(params, 'hubId');
  const projectId = requireParam(params, 'projectId');
  const folderId = requireParam(params, 'folderId');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [view, changeView] = useFolderView();
  const folder = useQuery(dmQueries.folder({ projectId, folderId }));
  const project = useQuery(dmQueries.project(hubId, projectId));
  const actions = useRowActions({ hubId, projectId, folderId });
  const fileActions = useFileActions({ hubId, projectId });
  const downloads = useDownloadRows();
  const commands: RowCommands = {
    open: (row) =>
      void navigate(row.kind === 'folder' ? folderPath(hubId, projectId, row.id) : itemPath(hubId, projectId, row.id)),
    rename: actions.rename,
    move: actions.move,
    remove: actions.remove,
    more: (row) =>
      row.kind === 'item'
        ? fileActions(row)
        : folderMenu
          ? folderMenu({ hubId, projectId, folderId: row.id, name: row.name })
          : [],
    moreForMany: (rows) => {
      const files = rows.filter((row) => row.kind === 'item' && !row.hidden && row.tipId);
      if (!pickedFiles || files.length === 0) return [];
      return pickedFiles(
        files.map((row) => ({
          urn: encodeUrn(row.tipId!),
          name: row.name,
          item: { hubId, projectId, itemId: row.id },
        })),
      );
    },
    downloadMany: {
      run: (rows) => void downloads.download(rows, `${zipNameOf(folder.data?.data.attributes)}.zip`),
      packing: downloads.packing,
    },
  };

  if (folder.isLoadingError) {
    return (
      <PlaceError
        what="folder"
        hubId={hubId}
        projectId={projectId}
        id={folderId}
        error={folder.error}
        onRetry={() => void folder.refetch()}
        retrying={folder.isFetching}
      />
    );
  }

  const attributes = folder.data?.data.attributes;
  const parentId = folder.data?.data.relationships['parent']?.data?.id;
  const rootId = project.data?.data.relationships['rootFolder']?.data?.id;
  // Backspace goes up: to the parent folder, or from a top folder to the project.
  const up = () => {
    if (!parentId || !rootId) return;
    void navigate(parentId === rootId ? projectPath(hubId, projectId) : folderPath(hubId, projectId, parentId));
  };
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: dmQueries.folder({ projectId, folderId }).queryKey });
    void queryClient.invalidateQueries({ queryKey: dmQueries.folderContentsScope({ projectId, folderId }) });
  };

  const withDropZone = (contents: ReactNode) =>
    upload
      ? upload.dropZone(
          { hubId, projectId, folderId },
          attributes?.displayName || attributes?.name || 'this folder',
          contents,
        )
      : contents;

  return (
    <section aria-labelledby="folder-heading" className="flex min-h-0 flex-1 flex-col">
      <PageHeader
        breadcrumbs={<Breadcrumbs hubId={hubId} projectId={projectId} folderId={folderId} />}
        icon={<FolderIcon className="size-4 text-amber-500" />}
        title={attributes ? attributes.displayName || attributes.name : null}
        titleId="folder-heading"
        subtitle={
          attributes
            ? `${formatCount(attributes.objectCount)} ${attributes.objectCount === 1 ? 'entry' : 'entries'}`
            : undefined
        }
        actions={
          <>
            <Button size="sm" variant="secondary" onClick={actions.newFolder}>
              <FolderIcon className="size-3.5" />
              New folder
            </Button>
            <Button size="sm" variant="ghost" onClick={refresh}>
              <RefreshIcon className="size-3.5" />
              Refresh
            </Button>
          </>
        }
      />
      <FolderToolbar
        key={`toolbar:${folderId}`}
        view={view}
        onChange={changeView}
        actions={upload?.button({ hubId, projectId, folderId })}
      />
      {withDropZone(
        <FolderContents
          key={`contents:${folderId}`}
          hubId={hubId}
          projectId={projectId}
          folderId={folderId}
          folderName={attributes?.name ?? 'folder'}
          estimate={attributes?.objectCount}
          view={view}
          onViewChange={changeView}
          onUp={up}
          commands={commands}
        />,
      )}
      {actions.dialogs}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { Folder, Item, Version } from '../../../contracts/data-management';
import { describeError } from '../../api/describe-error';
import { dmQueries } from '../../api/data-management/queries';
import { FileIcon, FolderIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import type { VersionChoice } from './argument-builder';
import type { PickedFolder, PickerProps } from './picker-types';

const ROW =
  'flex w-full items-center gap-2 rounded px-2 py-1 text-left text-sm hover:bg-neutral-100 dark:hover:bg-neutral-800';

/** The folders (and, to pick a file, the files) of the folder open in a picker. */
export function PickerContents({
  hubId,
  projectId,
  trail,
  onOpen,
  props,
}: {
  hubId: string;
  projectId: string;
  trail: Folder[];
  onOpen: (folder: Folder) => void;
  props: PickerProps;
}) {
  const current = trail.at(-1);
  const top = useQuery({ ...dmQueries.topFolders(hubId, projectId), enabled: !current });
  const contents = useQuery({
    ...dmQueries.folderContents({ projectId, folderId: current?.id ?? '', page: 0, type: 'all', includeHidden: false }),
    enabled: Boolean(current),
  });
  const query = current ? contents : top;
  if (query.isPending)
    return (
      <p className="flex items-center gap-2 p-2 text-sm text-neutral-500">
        <Spinner /> Loading…
      </p>
    );
  if (query.isError)
    return (
      <p role="alert" className="p-2 text-sm text-red-700 dark:text-red-300">
        {describeError(query.error).message}
      </p>
    );
  const accept = props.mode === 'file' ? props.accept : undefined;
  // Files the activity cannot read are left out; the note below says so, so none seems lost.
  const fits = (row: Folder | Item) =>
    row.type === 'folders' || !accept || row.attributes.displayName.toLowerCase().endsWith(accept);
  const rows = query.data.data.filter(fits);
  const hidden = query.data.data.length - rows.length;
  const tips = new Map(
    (('included' in query.data ? query.data.included : undefined) ?? []).map((version: Version) => [
      version.id,
      version,
    ]),
  );
  const place = current
    ? { hubId, projectId, folderId: current.id, folderName: current.attributes.displayName || current.attributes.name }
    : null;
  return (
    <ul aria-label={current ? `Contents of ${place?.folderName}` : 'Top folders'} className="max-h-56 overflow-auto">
      {rows.length === 0 && hidden === 0 && <li className="p-2 text-sm text-neutral-500">This folder is empty.</li>}
      {hidden > 0 && (
        <li className="p-2 text-xs text-neutral-600 dark:text-neutral-400">
          {hidden === 1 ? '1 file is' : `${hidden} files are`} not shown: {props.label} takes {accept} files.
        </li>
      )}
      {rows.map((row) =>
        row.type === 'folders' ? (
          <li key={row.id}>
            <button type="button" className={ROW} onClick={() => onOpen(row)}>
              <FolderIcon className="size-4 text-neutral-400" />
              {row.attributes.displayName || row.attributes.name}
            </button>
          </li>
        ) : props.mode === 'file' && place ? (
          <FileRow
            key={row.id}
            item={row}
            tip={tips.get(row.relationships['tip']?.data?.id ?? '')}
            place={place}
            onPick={props.onPick}
          />
        ) : null,
      )}
    </ul>
  );
}

function FileRow({
  item,
  tip,
  place,
  onPick,
}: {
  item: Item;
  tip: Version | undefined;
  place: PickedFolder;
  onPick: (version: VersionChoice, folder: PickedFolder) => void;
}) {
  const storageId = tip?.relationships['storage']?.data?.id;
  const name = item.attributes.displayName;
  return (
    <li>
      <button
        type="button"
        className={ROW}
        disabled={!tip || !storageId}
        onClick={() =>
          tip &&
          storageId &&
          onPick(
            {
              kind: 'version',
              hubId: place.hubId,
              projectId: place.projectId,
              itemId: item.id,
              versionId: tip.id,
              storageId,
              name,
            },
            place,
          )
        }
      >
        <FileIcon className="size-4 text-neutral-400" />
        <span className="sr-only">Choose </span>
        {name}
        {tip && <span className="text-xs text-neutral-500 tabular-nums">v{tip.attributes.versionNumber}</span>}
      </button>
    </li>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Folder, Item, Version } from '../../../contracts/data-management';
import { describeError } from '../../api/describe-error';
import { dmQueries } from '../../api/data-management/queries';
import { FileIcon, FolderIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import type { VersionChoice } from './argument-builder';

export interface PickedFolder {
  hubId: string;
  projectId: string;
  folderId: string;
  folderName: string;
}

type PickerProps =
  | { mode: 'file'; label: string; onPick: (version: VersionChoice, folder: PickedFolder) => void }
  | { mode: 'folder'; label: string; onPick: (folder: PickedFolder) => void };

export const SELECT =
  'h-8 rounded-md border border-neutral-300 bg-white px-2 text-sm dark:border-neutral-700 dark:bg-neutral-950';
const ROW =
  'flex w-full items-center gap-2 rounded px-2 py-1 text-left text-sm hover:bg-neutral-100 dark:hover:bg-neutral-800';

function Children({
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
  const rows = query.data.data;
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
      {rows.length === 0 && <li className="p-2 text-sm text-neutral-500">This folder is empty.</li>}
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

/** Hubs, projects and folders to choose a file's latest version, or a folder, from. */
export function ProjectPicker(props: PickerProps) {
  const id = useId();
  const hubs = useQuery(dmQueries.hubs());
  const [hubChoice, setHubChoice] = useState<string | null>(null);
  const hubId = hubChoice ?? hubs.data?.data[0]?.id ?? '';
  const projects = useQuery({ ...dmQueries.projects(hubId), enabled: Boolean(hubId) });
  const [projectChoice, setProjectChoice] = useState<string | null>(null);
  const projectId = projectChoice ?? projects.data?.data[0]?.id ?? '';
  const [trail, setTrail] = useState<Folder[]>([]);
  const current = trail.at(-1);
  return (
    <div className="space-y-2 rounded-md border border-neutral-200 p-2 dark:border-neutral-800">
      <div className="flex flex-wrap gap-2">
        <label htmlFor={`${id}-hub`} className="sr-only">
          Hub for {props.label}
        </label>
        <select
          id={`${id}-hub`}
          className={SELECT}
          value={hubId}
          onChange={(event) => {
            setHubChoice(event.target.value);
            setProjectChoice(null);
            setTrail([]);
          }}
        >
          {hubs.data?.data.map((hub) => (
            <option key={hub.id} value={hub.id}>
              {hub.attributes.name}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-project`} className="sr-only">
          Project for {props.label}
        </label>
        <select
          id={`${id}-project`}
          className={SELECT}
          value={projectId}
          onChange={(event) => {
            setProjectChoice(event.target.value);
            setTrail([]);
          }}
        >
          {projects.data?.data.map((project) => (
            <option key={project.id} value={project.id}>
              {project.attributes.name}
            </option>
          ))}
        </select>
      </div>
      <nav aria-label={`Folder path for ${props.label}`} className="flex flex-wrap items-center gap-1 text-xs">
        <button type="button" className="hover:underline" onClick={() => setTrail([])}>
          Top
        </button>
        {trail.map((folder, index) => (
          <span key={folder.id}>
            /{' '}
            <button type="button" className="hover:underline" onClick={() => setTrail(trail.slice(0, index + 1))}>
              {folder.attributes.displayName || folder.attributes.name}
            </button>
          </span>
        ))}
      </nav>
      {hubId && projectId && (
        <Children
          hubId={hubId}
          projectId={projectId}
          trail={trail}
          onOpen={(folder) => setTrail([...trail, folder])}
          props={props}
        />
      )}
      {props.mode === 'folder' && current && (
        <button
          type="button"
          className="rounded-md bg-accent-600 px-2.5 py-1 text-xs font-medium text-white hover:bg-accent-700"
          onClick={() =>
            props.onPick({
              hubId,
              projectId,
              folderId: current.id,
              folderName: current.attributes.displayName || current.attributes.name,
            })
          }
        >
          Save in {current.attributes.displayName || current.attributes.name}
        </button>
      )}
    </div>
  );
}

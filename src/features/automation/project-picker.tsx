import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Folder } from '../../../contracts/data-management';
import { dmQueries } from '../../api/data-management/queries';
import { useLastProject } from '../../lib/last-project';
import { PickerContents } from './picker-contents';
import type { PickerProps } from './picker-types';

export const SELECT =
  'h-8 rounded-md border border-neutral-300 bg-white px-2 text-sm dark:border-neutral-700 dark:bg-neutral-950';
const nameOf = (folder: Folder) => folder.attributes.displayName || folder.attributes.name;

/** Hubs, projects and folders to choose a file's latest version, or a folder, from. */
export function ProjectPicker(props: PickerProps) {
  const id = useId();
  const hubs = useQuery(dmQueries.hubs());
  // Start in the project last browsed, when this person can still see it; else the first one listed.
  const last = useLastProject();
  const [hubChoice, setHubChoice] = useState<string | null>(null);
  const lastHub = hubs.data?.data.find((hub) => hub.id === last?.hubId)?.id;
  const hubId = hubChoice ?? lastHub ?? hubs.data?.data[0]?.id ?? '';
  const projects = useQuery({ ...dmQueries.projects(hubId), enabled: Boolean(hubId) });
  const [projectChoice, setProjectChoice] = useState<string | null>(null);
  const lastProject = hubId === last?.hubId ? projects.data?.data.find((p) => p.id === last.projectId)?.id : undefined;
  const projectId = projectChoice ?? lastProject ?? projects.data?.data[0]?.id ?? '';
  const [trail, setTrail] = useState<Folder[]>([]);
  const current = trail.at(-1);
  // For an output, the folder opened is the folder chosen: browsing into it is how people say "here".
  const openTrail = (next: Folder[]) => {
    setTrail(next);
    const opened = next.at(-1);
    if (props.mode === 'folder' && opened)
      props.onPick({ hubId, projectId, folderId: opened.id, folderName: nameOf(opened) });
  };
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
            <button type="button" className="hover:underline" onClick={() => openTrail(trail.slice(0, index + 1))}>
              {nameOf(folder)}
            </button>
          </span>
        ))}
      </nav>
      {hubId && projectId && (
        <PickerContents
          hubId={hubId}
          projectId={projectId}
          trail={trail}
          onOpen={(folder) => openTrail([...trail, folder])}
          props={props}
        />
      )}
      {props.mode === 'folder' && (
        <p className="text-xs text-neutral-600 dark:text-neutral-400">
          {current ? `Saves in ${nameOf(current)}.` : 'Open the folder to save in.'}
        </p>
      )}
    </div>
  );
}

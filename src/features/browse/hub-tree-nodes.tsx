import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Folder, Hub, Project } from '../../../contracts/data-management';
import { dmQueries } from '../../api/data-management/queries';
import { BriefcaseIcon, BuildingIcon, FolderIcon } from '../../components/ui/icons';
import { folderPath, hubPath, projectPath } from './places';
import { TreeGroupLoading, TreeNode } from './tree-node';
import { treeKey } from './tree-store';

const ICON = 'size-3.5 shrink-0';

/** A node's children from one query: loading, failed (with retry), or the list. */
function Group<T>({
  query,
  level,
  select,
}: {
  query: UseQueryResult<T>;
  level: number;
  select: (data: T) => ReactNode[];
}) {
  if (query.isPending) return <TreeGroupLoading level={level} />;
  if (query.isLoadingError) {
    return (
      <div
        role="group"
        style={{ paddingLeft: `${level * 12 + 28}px` }}
        className="py-1 text-xs text-red-700 dark:text-red-400"
      >
        Couldn&apos;t load.{' '}
        <button type="button" className="underline" onClick={() => void query.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  return <ul role="group">{select(query.data)}</ul>;
}

export function HubNode({ hub }: { hub: Hub }) {
  return (
    <TreeNode
      nodeKey={treeKey.hub(hub.id)}
      level={1}
      label={hub.attributes.name}
      href={hubPath(hub.id)}
      icon={<BuildingIcon className={`${ICON} text-neutral-400`} />}
      expandable
    >
      {() => <HubChildren hubId={hub.id} />}
    </TreeNode>
  );
}

function HubChildren({ hubId }: { hubId: string }) {
  const projects = useQuery(dmQueries.projects(hubId));
  return (
    <Group
      query={projects}
      level={1}
      select={(data) => data.data.map((project) => <ProjectNode key={project.id} hubId={hubId} project={project} />)}
    />
  );
}

function ProjectNode({ hubId, project }: { hubId: string; project: Project }) {
  return (
    <TreeNode
      nodeKey={treeKey.project(project.id)}
      level={2}
      label={project.attributes.name}
      href={projectPath(hubId, project.id)}
      icon={<BriefcaseIcon className={`${ICON} text-neutral-400`} />}
      expandable
    >
      {() => <ProjectChildren hubId={hubId} projectId={project.id} />}
    </TreeNode>
  );
}

function ProjectChildren({ hubId, projectId }: { hubId: string; projectId: string }) {
  const folders = useQuery(dmQueries.topFolders(hubId, projectId));
  return (
    <Group
      query={folders}
      level={2}
      select={(data) =>
        data.data.map((folder) => (
          <FolderNode key={folder.id} hubId={hubId} projectId={projectId} folder={folder} level={3} />
        ))
      }
    />
  );
}

function FolderNode({
  hubId,
  projectId,
  folder,
  level,
}: {
  hubId: string;
  projectId: string;
  folder: Folder;
  level: number;
}) {
  // Only the folders under a folder belong in the tree; they come in the first page (up to 200).
  const subfolders = useQuery({
    ...dmQueries.folderContents({ projectId, folderId: folder.id, page: 0, type: 'folders', includeHidden: false }),
    enabled: false,
  });
  const knownEmpty = subfolders.data !== undefined && subfolders.data.data.length === 0;
  return (
    <TreeNode
      nodeKey={treeKey.folder(folder.id)}
      level={level}
      label={folder.attributes.displayName || folder.attributes.name}
      href={folderPath(hubId, projectId, folder.id)}
      icon={<FolderIcon className={`${ICON} text-amber-500`} />}
      expandable={!knownEmpty && folder.attributes.objectCount > 0}
    >
      {() => <FolderChildren hubId={hubId} projectId={projectId} folderId={folder.id} level={level} />}
    </TreeNode>
  );
}

function FolderChildren({
  hubId,
  projectId,
  folderId,
  level,
}: {
  hubId: string;
  projectId: string;
  folderId: string;
  level: number;
}) {
  const subfolders = useQuery(
    dmQueries.folderContents({ projectId, folderId, page: 0, type: 'folders', includeHidden: false }),
  );
  return (
    <Group
      query={subfolders}
      level={level}
      select={(data) =>
        data.data
          .filter((entry): entry is Folder => entry.type === 'folders')
          .map((folder) => (
            <FolderNode key={folder.id} hubId={hubId} projectId={projectId} folder={folder} level={level + 1} />
          ))
      }
    />
  );
}

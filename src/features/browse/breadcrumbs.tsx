import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { dmQueries } from '../../api/data-management/queries';
import { ChevronRightIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/spinner';
import { folderPath, hubPath, projectPath } from './places';
import { useFolderChain } from './use-folder-chain';

export interface Crumb {
  label: string;
  href?: string;
}

interface BreadcrumbsProps {
  hubId: string;
  projectId?: string;
  /** The folder shown, or the one holding the item shown. */
  folderId?: string;
  /** Places below the folder: the item, the version. */
  tail?: Crumb[];
}

/** Where am I: hubs › hub › project › folders › item › version, each a link but the last. */
export function Breadcrumbs({ hubId, projectId, folderId, tail = [] }: BreadcrumbsProps) {
  const hub = useQuery(dmQueries.hub(hubId));
  const crumbs: (Crumb | null)[] = [
    { label: 'Hubs', href: '/hubs' },
    hub.data ? { label: hub.data.data.attributes.name, href: hubPath(hubId) } : null,
  ];
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex min-w-0 flex-wrap items-center gap-0.5 text-xs text-neutral-500 dark:text-neutral-400">
        {projectId ? (
          <ProjectCrumbs head={crumbs} hubId={hubId} projectId={projectId} folderId={folderId} tail={tail} />
        ) : (
          <CrumbList crumbs={[...crumbs, ...tail]} />
        )}
      </ol>
    </nav>
  );
}

function ProjectCrumbs({
  head,
  hubId,
  projectId,
  folderId,
  tail,
}: {
  head: (Crumb | null)[];
  hubId: string;
  projectId: string;
  folderId?: string;
  tail: Crumb[];
}) {
  const project = useQuery(dmQueries.project(hubId, projectId));
  const chain = useFolderChain(hubId, projectId, folderId);
  const folders = chain.folders.map((folder) => ({
    label: folder.attributes.displayName || folder.attributes.name,
    href: folderPath(hubId, projectId, folder.id),
  }));
  return (
    <CrumbList
      crumbs={[
        ...head,
        project.data ? { label: project.data.data.attributes.name, href: projectPath(hubId, projectId) } : null,
        ...(folderId && chain.pending ? [null] : folders),
        ...tail,
      ]}
    />
  );
}

/** A trail of places that are not in a hub (buckets, say), in the same look. */
export function CrumbTrail({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex min-w-0 flex-wrap items-center gap-0.5 text-xs text-neutral-500 dark:text-neutral-400">
        <CrumbList crumbs={crumbs} />
      </ol>
    </nav>
  );
}

function CrumbList({ crumbs }: { crumbs: (Crumb | null)[] }) {
  return crumbs.map((crumb, index) => {
    const last = index === crumbs.length - 1;
    return (
      <li key={index} className="flex min-w-0 items-center gap-0.5">
        {index > 0 && <ChevronRightIcon className="size-3 shrink-0 text-neutral-400" />}
        {crumb === null ? (
          <Skeleton className="h-3 w-16" />
        ) : last || !crumb.href ? (
          <span
            aria-current={last ? 'page' : undefined}
            className="truncate font-medium text-neutral-700 dark:text-neutral-200"
          >
            {crumb.label}
          </span>
        ) : (
          <Link
            to={crumb.href}
            className="truncate rounded px-0.5 hover:text-neutral-900 hover:underline dark:hover:text-neutral-100"
          >
            {crumb.label}
          </Link>
        )}
      </li>
    );
  });
}

import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { dmQueries } from '../../api/data-management/queries';
import { describeError } from '../../api/describe-error';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { BriefcaseIcon, FolderIcon } from '../../components/ui/icons';
import { Breadcrumbs } from './breadcrumbs';
import { compareRows, folderRow } from './content-rows';
import { FolderGrid } from './folder-grid';
import { FolderGridSkeleton } from './folder-grid-skeleton';
import type { SortState } from './grid-columns';
import { IdWithCopy } from './id-with-copy';
import { PageHeader } from './page-header';
import { folderPath, hubPath, requireParam } from './places';
import { projectTypeLabel } from './project-labels';

/** `/hubs/:hubId/projects/:projectId`: the project's top folders, in the same grid as any folder. */
export function ProjectPage() {
  const params = useParams();
  const hubId = requireParam(params, 'hubId');
  const projectId = requireParam(params, 'projectId');
  const navigate = useNavigate();
  const project = useQuery(dmQueries.project(hubId, projectId));
  const topFolders = useQuery(dmQueries.topFolders(hubId, projectId));
  const [sort, setSort] = useState<SortState>({ key: 'name', order: 'asc' });
  const rows = useMemo(
    () => (topFolders.data?.data ?? []).map(folderRow).sort(compareRows(sort.key, sort.order)),
    [topFolders.data, sort],
  );
  const attributes = project.data?.data.attributes;

  let body;
  if (topFolders.isPending) body = <FolderGridSkeleton rows={3} label="Loading top folders…" />;
  else if (topFolders.isLoadingError) {
    const { message, details, raw } = describeError(topFolders.error);
    body = (
      <ErrorState
        title="Couldn't load this project's folders"
        message={message}
        details={details}
        raw={raw}
        onRetry={() => void topFolders.refetch()}
        retrying={topFolders.isFetching}
      />
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState
        icon={<FolderIcon className="size-5" />}
        title="No folders yet"
        description="The project's top folders appear here once it has some."
      />
    );
  } else {
    body = (
      <FolderGrid
        label={`Top folders of ${attributes?.name ?? 'project'}`}
        count={rows.length}
        entryAt={(index) => {
          const row = rows[index];
          return row ? { state: 'ready', row } : { state: 'loading' };
        }}
        hrefAt={(index) => {
          const row = rows[index];
          return row ? folderPath(hubId, projectId, row.id) : null;
        }}
        sort={sort}
        onSort={setSort}
        onOpen={(href) => void navigate(href)}
        onUp={() => void navigate(hubPath(hubId))}
        onRangeChange={noop}
        onRetryPage={() => void topFolders.refetch()}
      />
    );
  }

  return (
    <section aria-labelledby="project-heading" className="flex min-h-0 flex-1 flex-col">
      <PageHeader
        breadcrumbs={<Breadcrumbs hubId={hubId} projectId={projectId} />}
        icon={<BriefcaseIcon className="size-4 text-neutral-400" />}
        title={attributes?.name ?? (project.isError ? 'Project' : null)}
        titleId="project-heading"
        subtitle={
          attributes ? (
            <>
              {`${projectTypeLabel(attributes.extension.type, attributes.extension.data)} · `}
              <IdWithCopy id={projectId} label={`ID of ${attributes.name}`} />
            </>
          ) : undefined
        }
      />
      {body}
    </section>
  );
}

const noop = () => {};

import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { dmQueries } from '../../api/data-management/queries';
import { describeError } from '../../api/describe-error';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { BriefcaseIcon, BuildingIcon } from '../../components/ui/icons';
import { Breadcrumbs } from './breadcrumbs';
import { hubTypeLabel, regionLabel } from './hub-labels';
import { HubsTableSkeleton } from './hubs-table';
import { IdWithCopy } from './id-with-copy';
import { PageHeader } from './page-header';
import { requireParam } from './places';
import { ProjectsTable } from './projects-table';

/** `/hubs/:hubId`: the hub's projects, a page of 200 at a time. */
export function HubPage() {
  const hubId = requireParam(useParams(), 'hubId');
  const hub = useQuery(dmQueries.hub(hubId));
  const [pageCount, setPageCount] = useState(1);
  const pages = useQueries({
    queries: Array.from({ length: pageCount }, (_, page) => dmQueries.projects(hubId, page)),
  });
  const first = pages[0];
  const last = pages[pages.length - 1];
  const projects = pages.flatMap((page) => page.data?.data ?? []);
  const attributes = hub.data?.data.attributes;

  let body;
  if (!first || first.isPending) body = <HubsTableSkeleton label="Loading projects…" />;
  else if (first.isLoadingError) {
    const { message, details, raw } = describeError(first.error);
    body = (
      <ErrorState
        title="Couldn't load projects"
        message={message}
        details={details}
        raw={raw}
        onRetry={() => void first.refetch()}
        retrying={first.isFetching}
      />
    );
  } else if (projects.length === 0) {
    body = (
      <EmptyState
        icon={<BriefcaseIcon className="size-5" />}
        title="No projects in this hub"
        description="Projects you are added to in this hub appear here."
      />
    );
  } else {
    body = (
      <>
        <ProjectsTable hubId={hubId} projects={projects} />
        {last?.data?.links.next && (
          <div className="flex justify-center p-3">
            <Button size="sm" onClick={() => setPageCount(pageCount + 1)}>
              More projects
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="hub-heading" className="flex min-h-0 flex-1 flex-col">
      <PageHeader
        breadcrumbs={<Breadcrumbs hubId={hubId} />}
        icon={<BuildingIcon className="size-4 text-neutral-400" />}
        title={attributes?.name ?? (hub.isError ? 'Hub' : null)}
        titleId="hub-heading"
        subtitle={
          attributes ? (
            <>
              {`${hubTypeLabel(attributes.extension.type)} · ${regionLabel(attributes.region)} · ${projects.length} ${projects.length === 1 ? 'project' : 'projects'} · `}
              <IdWithCopy id={hubId} label={`ID of ${attributes.name}`} />
            </>
          ) : undefined
        }
      />
      <div className="min-h-0 flex-1 overflow-auto">{body}</div>
    </section>
  );
}

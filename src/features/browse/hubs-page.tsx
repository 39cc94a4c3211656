import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { HubsResponse } from '../../../contracts/data-management';
import { dmQueries } from '../../api/data-management/queries';
import { describeError } from '../../api/describe-error';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { BuildingIcon, RefreshIcon } from '../../components/ui/icons';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { HubsTable, HubsTableSkeleton } from './hubs-table';

export function HubsPage() {
  const hubs = useQuery(dmQueries.hubs());
  const count = hubs.data?.data.length;
  // A refetch behind data already shown; the first load has its own skeleton.
  const refreshing = hubs.isFetching && !hubs.isPending;

  return (
    <section aria-labelledby="hubs-heading" className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center justify-between gap-4 border-b border-neutral-200 px-6 py-3 dark:border-neutral-800">
        <div className="min-w-0">
          <h1 id="hubs-heading" className="text-base font-semibold text-neutral-900 dark:text-neutral-50">
            Hubs
          </h1>
          <p className="text-xs text-neutral-500 tabular-nums dark:text-neutral-400">
            {count === undefined
              ? 'Accounts and teams that hold your projects'
              : `${count} ${count === 1 ? 'hub' : 'hubs'}`}
          </p>
        </div>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => void hubs.refetch()}
          loading={refreshing}
          disabled={hubs.isPending}
        >
          {!refreshing && <RefreshIcon className="size-3.5" />}
          Refresh
        </Button>
      </header>
      <div className="min-h-0 flex-1 overflow-auto">
        <HubsContent query={hubs} />
      </div>
    </section>
  );
}

function HubsContent({ query }: { query: UseQueryResult<HubsResponse> }) {
  const { platformName } = useRuntimeConfig();
  if (query.isPending) return <HubsTableSkeleton />;
  if (query.isLoadingError) {
    const { message, details, raw } = describeError(query.error);
    return (
      <ErrorState
        title="Couldn't load hubs"
        message={message}
        details={details}
        raw={raw}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.data.data.length === 0) {
    return (
      <EmptyState
        icon={<BuildingIcon className="size-5" />}
        title="No hubs yet"
        description={`Hubs are the accounts and teams that hold projects. When you are added to one on ${platformName}, it appears here.`}
      />
    );
  }
  return <HubsTable hubs={query.data.data} />;
}

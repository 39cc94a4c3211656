import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../api/describe-error';
import { ossQueries } from '../../api/oss/queries';
import { nextStartAt } from '../../api/oss/requests';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { BoxIcon, RefreshIcon } from '../../components/ui/icons';
import { BucketsTable, BucketsTableSkeleton } from './buckets-table';
import { CreateBucketForm } from './create-bucket-form';
import { DeleteBucketDialog } from './delete-bucket-dialog';
import { Pager } from './pager';
import { useCursorPages } from './use-cursor-pages';

/** The app's buckets: list, create, delete. */
export function BucketsPage() {
  const pages = useCursorPages();
  const buckets = useQuery(ossQueries.buckets(pages.startAt));
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const refreshing = buckets.isFetching && !buckets.isPending;
  const next = nextStartAt(buckets.data?.next);

  return (
    <section aria-labelledby="buckets-heading" className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center justify-between gap-4 border-b border-neutral-200 px-6 py-3 dark:border-neutral-800">
        <div className="min-w-0">
          <h1 id="buckets-heading" className="text-base font-semibold text-neutral-900 dark:text-neutral-50">
            Buckets
          </h1>
          <p className="text-xs text-neutral-500 dark:text-neutral-400">Object storage of this app</p>
        </div>
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void buckets.refetch()}
            loading={refreshing}
            disabled={buckets.isPending}
          >
            {!refreshing && <RefreshIcon className="size-3.5" />}
            Refresh
          </Button>
          <Button size="sm" variant="primary" onClick={() => setCreating(true)} disabled={creating}>
            New bucket
          </Button>
        </div>
      </header>
      {creating && (
        <CreateBucketForm
          onCancel={() => setCreating(false)}
          onCreated={() => {
            // Back to the first page, where the invalidated list shows the new bucket among the rest.
            setCreating(false);
            pages.firstPage();
          }}
        />
      )}
      <div className="min-h-0 flex-1 overflow-auto">
        {buckets.isPending ? (
          <BucketsTableSkeleton />
        ) : buckets.isLoadingError ? (
          <ErrorState
            title="Couldn't load buckets"
            {...describeError(buckets.error)}
            onRetry={() => void buckets.refetch()}
            retrying={buckets.isFetching}
          />
        ) : buckets.data.items.length === 0 && !pages.hasPrevious ? (
          <EmptyState
            icon={<BoxIcon className="size-5" />}
            title="No buckets yet"
            description="Buckets hold the files this app stores. Create one to start."
            action={<Button onClick={() => setCreating(true)}>New bucket</Button>}
          />
        ) : (
          <BucketsTable buckets={buckets.data.items} onDelete={setDeleting} />
        )}
      </div>
      <Pager
        pageNumber={pages.pageNumber}
        hasPrevious={pages.hasPrevious}
        hasNext={next !== undefined}
        onPrevious={pages.previousPage}
        onNext={() => next && pages.nextPage(next)}
      />
      {deleting && (
        <DeleteBucketDialog
          bucketKey={deleting}
          onCancel={() => setDeleting(null)}
          onDeleted={() => setDeleting(null)}
        />
      )}
    </section>
  );
}

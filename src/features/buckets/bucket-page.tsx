import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { describeError } from '../../api/describe-error';
import { ossQueries } from '../../api/oss/queries';
import { Button } from '../../components/ui/button';
import { CopyButton } from '../../components/ui/copy-button';
import { ErrorState } from '../../components/ui/error-state';
import { Skeleton } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/time';
import { BucketObjects } from './bucket-objects';
import { BUCKETS_PATH } from './bucket-paths';
import { POLICY_LABELS } from './bucket-policies';
import { DeleteBucketDialog } from './delete-bucket-dialog';

/** One bucket, deep-linkable by its key: its facts and its objects. `uploadAction` (object upload) is plugged in by src/app. */
export function BucketPage({ uploadAction }: { uploadAction?: (bucketKey: string) => ReactNode } = {}) {
  const bucketKey = useParams()['bucketKey'] ?? '';
  const details = useQuery(ossQueries.bucketDetails(bucketKey));
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);

  return (
    <section aria-labelledby="bucket-heading" className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center justify-between gap-4 border-b border-neutral-200 px-6 py-3 dark:border-neutral-800">
        <div className="min-w-0">
          <nav aria-label="Breadcrumbs" className="text-xs text-neutral-500 dark:text-neutral-400">
            <Link
              to={BUCKETS_PATH}
              className="hover:underline focus-visible:outline-2 focus-visible:outline-accent-500"
            >
              Buckets
            </Link>
          </nav>
          <h1
            id="bucket-heading"
            className="flex items-center gap-1 font-mono text-base font-semibold text-neutral-900 dark:text-neutral-50"
          >
            {bucketKey}
            <CopyButton value={bucketKey} label="bucket name" />
          </h1>
        </div>
        <div className="flex items-center gap-2">
          {uploadAction?.(bucketKey)}
          <Button size="sm" variant="danger" onClick={() => setDeleting(true)}>
            Delete bucket
          </Button>
        </div>
      </header>
      {details.isPending ? (
        <div aria-busy="true" className="flex gap-6 px-6 py-3">
          <Skeleton className="h-3 w-32" />
          <Skeleton className="h-3 w-40" />
        </div>
      ) : details.isLoadingError ? (
        <ErrorState
          title="Couldn't load this bucket"
          {...describeError(details.error)}
          onRetry={() => void details.refetch()}
          retrying={details.isFetching}
        />
      ) : (
        <dl className="flex flex-wrap gap-x-8 gap-y-1 border-b border-neutral-200 px-6 py-3 text-xs dark:border-neutral-800">
          <Fact label="Retention">{`${POLICY_LABELS[details.data.policyKey].title}: ${POLICY_LABELS[details.data.policyKey].description}`}</Fact>
          <Fact label="Created">{formatDateTime(details.data.createdDate)}</Fact>
          <Fact label="Owner">
            <code className="font-mono">{details.data.bucketOwner}</code>
          </Fact>
        </dl>
      )}
      {!details.isLoadingError && <BucketObjects key={bucketKey} bucketKey={bucketKey} />}
      {deleting && (
        <DeleteBucketDialog
          bucketKey={bucketKey}
          onCancel={() => setDeleting(false)}
          onDeleted={() => void navigate(BUCKETS_PATH)}
        />
      )}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="text-neutral-500 dark:text-neutral-400">{label}</dt>
      <dd className="text-neutral-800 tabular-nums dark:text-neutral-200">{children}</dd>
    </div>
  );
}

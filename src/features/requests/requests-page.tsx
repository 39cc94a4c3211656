import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../api/describe-error';
import { inspectorMutations } from '../../api/platform/mutations';
import { inspectorQueries } from '../../api/platform/queries';
import { getInspectedRequestsHar } from '../../api/platform/requests';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { DownloadIcon } from '../../components/ui/icons';
import { saveUrl } from '../../lib/save-url';
import { RequestDetail } from './request-detail';
import { RequestFilters } from './request-filters';
import { RequestTable } from './request-table';
import { useRequestFilters } from './use-request-filters';

const POLL_MS = 1_000;

/** The local platform's last requests, live, with one of them whole beside the list. */
export function RequestsPage() {
  const { filters, selected, filterChanged, requestSelected } = useRequestFilters();
  const [live, setLive] = useState(true);
  const [clearing, setClearing] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  // react-query stops the interval while the tab is hidden: a log nobody sees is not polled.
  const list = useQuery({ ...inspectorQueries.list(filters), refetchInterval: live ? POLL_MS : false });
  const clear = useMutation({ ...inspectorMutations.clear(), onSuccess: () => setClearing(false) });
  const requests = list.data?.requests ?? [];
  const apps = [...new Set(requests.flatMap((entry) => (entry.app ? [entry.app] : [])))];

  const downloadHar = async () => {
    setDownloadError(null);
    try {
      const har = await getInspectedRequestsHar(filters, new AbortController().signal);
      const url = URL.createObjectURL(har);
      saveUrl(url, 'platform-requests.har');
      // The click has handed the file over by the next task.
      setTimeout(() => URL.revokeObjectURL(url));
    } catch (error) {
      setDownloadError(describeError(error).message);
    }
  };

  return (
    <section aria-labelledby="requests-heading" className="flex min-h-0 flex-1 flex-col">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-neutral-200 px-6 py-3 dark:border-neutral-800">
        <div className="min-w-0">
          <h1 id="requests-heading" className="text-base font-semibold text-neutral-900 dark:text-neutral-50">
            Requests
          </h1>
          <p className="text-xs text-neutral-500 dark:text-neutral-400">
            The last requests the local platform answered. Tokens, secrets and signatures are redacted.
          </p>
        </div>
        <div className="flex gap-2">
          {/* The label says what a click does; aria-pressed beside it would read "Resume, pressed" while paused. */}
          <Button size="sm" variant="ghost" onClick={() => setLive(!live)}>
            {live ? 'Pause' : 'Resume'}
          </Button>
          <Button size="sm" onClick={() => void downloadHar()}>
            <DownloadIcon className="size-3.5" />
            Download HAR
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setClearing(true)} disabled={requests.length === 0}>
            Clear
          </Button>
        </div>
      </header>
      <div className="border-b border-neutral-200 px-6 py-2 dark:border-neutral-800">
        <RequestFilters filters={filters} apps={apps} onChange={filterChanged} />
        {downloadError && (
          <p role="alert" className="mt-1 text-xs text-red-700 dark:text-red-300">
            The HAR file could not be made: {downloadError}
          </p>
        )}
      </div>
      <div className="flex min-h-0 flex-1">
        <div className="min-h-0 min-w-0 flex-1 overflow-auto">
          {list.isPending ? (
            <div aria-busy="true" aria-label="Loading requests" className="space-y-1 p-3">
              {Array.from({ length: 8 }, (_, index) => (
                <div key={index} className="h-7 animate-pulse rounded bg-neutral-100 dark:bg-neutral-900" />
              ))}
            </div>
          ) : list.isError ? (
            <ErrorState
              title="Couldn't load the requests"
              {...describeError(list.error)}
              onRetry={() => void list.refetch()}
            />
          ) : requests.length === 0 ? (
            <EmptyState
              title="No requests yet"
              description="Requests to the platform appear here as they are answered: browse a hub or open a bucket."
            />
          ) : (
            <RequestTable requests={requests} selected={selected} onSelect={requestSelected} />
          )}
        </div>
        {selected !== null && <RequestDetail id={selected} onClose={() => requestSelected(null)} />}
      </div>
      {clearing && (
        <ConfirmDialog
          title="Clear the request log?"
          confirmLabel="Clear requests"
          busy={clear.isPending}
          error={clear.isError ? describeError(clear.error).message : undefined}
          onConfirm={() => clear.mutate()}
          onCancel={() => setClearing(false)}
        >
          Every request the platform holds is dropped, for everyone who watches it. New ones appear as they come.
        </ConfirmDialog>
      )}
    </section>
  );
}

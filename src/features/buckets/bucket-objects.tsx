import { useMutation, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ObjectDetails } from '../../../contracts/oss';
import { describeError } from '../../api/describe-error';
import { ossMutations } from '../../api/oss/mutations';
import { ossQueries } from '../../api/oss/queries';
import { getSignedDownload, nextStartAt } from '../../api/oss/requests';
import { Alert } from '../../components/ui/alert';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { FileIcon, SearchIcon } from '../../components/ui/icons';
import { saveUrl } from '../../lib/save-url';
import { ObjectsTable, ObjectsTableSkeleton } from './objects-table';
import { Pager } from './pager';
import { useCursorPages } from './use-cursor-pages';
import { useSlashFocus } from '../../lib/use-slash-focus';

/** A bucket's objects: filtered by key prefix (`/` focuses the filter), paged, each downloadable and deletable. */
export function BucketObjects({ bucketKey }: { bucketKey: string }) {
  // The prefix lives in the address, so a filtered listing can be shared and survives a reload.
  const [params, setParams] = useSearchParams();
  const prefix = params.get('prefix') ?? '';
  const filterRef = useRef<HTMLInputElement>(null);
  useSlashFocus(filterRef);
  // Deferred so typing stays smooth while the listing for the prefix loads.
  const beginsWith = useDeferredValue(prefix);
  const pages = useCursorPages();
  const objects = useQuery(ossQueries.objects({ bucketKey, beginsWith, startAt: pages.startAt }));
  const [deleting, setDeleting] = useState<ObjectDetails | null>(null);
  const remove = useMutation(ossMutations.deleteObject(bucketKey));
  const download = useMutation({
    mutationKey: ['oss', 'download-object', { bucketKey }],
    mutationFn: async (object: ObjectDetails) => {
      // Keys may hold folders (`models/house.ifc`); the saved file takes only the last part.
      const fileName = object.objectKey.split('/').pop() || object.objectKey;
      const signed = await getSignedDownload(bucketKey, object.objectKey, { fileName }, new AbortController().signal);
      if (!signed.url)
        throw new Error('The platform offered this object only in parts, which the app cannot download yet.');
      saveUrl(signed.url, fileName);
    },
  });
  const next = nextStartAt(objects.data?.next);

  return (
    <section aria-label="Objects" className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-2 border-b border-neutral-200 px-6 py-2 dark:border-neutral-800">
        <label className="flex h-8 max-w-sm flex-1 items-center gap-2 rounded-md border border-neutral-300 bg-white px-2 focus-within:outline-2 focus-within:outline-accent-500 dark:border-neutral-700 dark:bg-neutral-950">
          <SearchIcon className="size-3.5 text-neutral-400" />
          <span className="sr-only">Filter by key prefix</span>
          <input
            type="search"
            value={prefix}
            placeholder="Key begins with…"
            ref={filterRef}
            aria-keyshortcuts="/"
            onChange={(event) => {
              const value = event.target.value;
              setParams(value ? { prefix: value } : {}, { replace: true });
              pages.firstPage();
            }}
            className="min-w-0 flex-1 bg-transparent font-mono text-sm text-neutral-900 outline-none dark:text-neutral-100"
          />
        </label>
      </div>
      {download.isError && (
        <div className="px-6 pt-2">
          <Alert tone="danger" title="Couldn't download the object">
            {describeError(download.error).message}
          </Alert>
        </div>
      )}
      <div className="min-h-0 flex-1 overflow-auto">
        {objects.isPending ? (
          <ObjectsTableSkeleton />
        ) : objects.isLoadingError ? (
          <ErrorState
            title="Couldn't load objects"
            {...describeError(objects.error)}
            onRetry={() => void objects.refetch()}
            retrying={objects.isFetching}
          />
        ) : objects.data.items.length === 0 ? (
          <EmptyState
            icon={<FileIcon className="size-5" />}
            title={beginsWith ? 'No objects begin with this prefix' : 'This bucket is empty'}
            description={
              beginsWith
                ? `Nothing in ${bucketKey} has a key beginning with "${beginsWith}".`
                : 'Objects uploaded to this bucket appear here.'
            }
          />
        ) : (
          <ObjectsTable
            objects={objects.data.items}
            onDownload={(object) => download.mutate(object)}
            onDelete={setDeleting}
          />
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
        <ConfirmDialog
          title={`Delete ${deleting.objectKey}?`}
          confirmLabel="Delete object"
          busy={remove.isPending}
          error={
            remove.isError && (
              <Alert tone="danger" title="Couldn't delete the object">
                {describeError(remove.error).message}
              </Alert>
            )
          }
          onConfirm={() => remove.mutate(deleting.objectKey, { onSuccess: () => setDeleting(null) })}
          onCancel={() => {
            remove.reset();
            setDeleting(null);
          }}
        >
          The object <strong className="font-mono break-all">{deleting.objectKey}</strong> will be deleted from{' '}
          {bucketKey}. This cannot be undone.
        </ConfirmDialog>
      )}
    </section>
  );
}

import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../api/describe-error';
import { ApiError } from '../../api/http';
import { mdMutations } from '../../api/model-derivative/mutations';
import { isEnded, mdQueries, pollDelay } from '../../api/model-derivative/queries';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CopyButton } from '../../components/ui/copy-button';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { FileIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/spinner';
import { DerivativeTree } from './derivative-tree';
import { DownloadAllDerivatives } from './download-all-derivatives';
import { ManifestMessages } from './manifest-messages';
import { sharedMessages } from './message-text';
import { NodeStatus } from './node-status';

export interface ManifestViewProps {
  urn: string;
  /** The source file's name, for naming downloads. */
  name: string;
  /** Poll a running manifest here; off when the job centre already watches this design. */
  pollWhileRunning: boolean;
  onTranslate: () => void;
}

/** The manifest as people read it: outputs as a tree, messages in words, downloads, and the raw JSON. */
export function ManifestView({ urn, name, pollWhileRunning, onTranslate }: ManifestViewProps) {
  // A job started elsewhere has no start time here: back off from when this view began watching it.
  const [watchedSince] = useState(() => Date.now());
  const manifest = useQuery({
    ...mdQueries.manifest(urn),
    retry: false,
    refetchInterval: (query) =>
      pollWhileRunning && query.state.data && !isEnded(query.state.data.status)
        ? pollDelay(Date.now() - watchedSince)
        : false,
  });
  const remove = useMutation(mdMutations.deleteManifest(urn));
  const [confirming, setConfirming] = useState(false);

  if (manifest.isPending) return <Skeleton className="h-40 w-full" />;
  const gone = manifest.error instanceof ApiError && manifest.error.status === 404;
  // A poll that fails behind a manifest on screen keeps it there (the toast says why); a 404 means it is gone.
  if (manifest.isLoadingError || (manifest.isError && gone)) {
    if (gone) {
      return (
        <EmptyState
          icon={<FileIcon className="size-5" />}
          title="Not translated yet"
          description="Translate this design to see its derivatives, properties and a 3D preview."
          action={
            <Button variant="primary" onClick={onTranslate}>
              Translate
            </Button>
          }
        />
      );
    }
    const { message, details, raw } = describeError(manifest.error);
    return (
      <ErrorState
        title="Couldn't read the manifest"
        message={message}
        details={details}
        raw={raw}
        onRetry={() => void manifest.refetch()}
        retrying={manifest.isFetching}
      />
    );
  }

  const data = manifest.data;
  const json = JSON.stringify(data, null, 2);
  const shared = sharedMessages(data.derivatives);
  return (
    <section aria-label="Manifest" className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-sm font-semibold">Manifest</h2>
        <span aria-label="Manifest status">
          <NodeStatus status={data.status} progress={data.progress} />
        </span>
        <span className="text-xs text-neutral-500">
          {data.progress} · region {data.region}
        </span>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {isEnded(data.status) && <DownloadAllDerivatives urn={urn} manifest={data} sourceName={name} />}
          <Button size="sm" onClick={onTranslate}>
            Translate…
          </Button>
          <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
            Delete manifest
          </Button>
        </div>
      </div>
      <ManifestMessages messages={shared.shared} label="Messages for several outputs" />
      <DerivativeTree urn={urn} derivatives={data.derivatives} sourceName={name} isShared={shared.isShared} />
      <details className="rounded-lg border border-neutral-200 dark:border-neutral-800">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium">Raw JSON</summary>
        <div className="relative border-t border-neutral-200 dark:border-neutral-800">
          <CopyButton value={json} label="manifest JSON" className="absolute top-2 right-2" />
          <pre aria-label="Manifest JSON" className="max-h-96 overflow-auto p-3 font-mono text-xs">
            {json}
          </pre>
        </div>
      </details>
      {confirming && (
        <ConfirmDialog
          title="Delete the manifest?"
          confirmLabel="Delete manifest"
          busy={remove.isPending}
          error={remove.isError ? <Alert tone="danger">{describeError(remove.error).message}</Alert> : undefined}
          onCancel={() => setConfirming(false)}
          onConfirm={() => remove.mutate(undefined, { onSuccess: () => setConfirming(false) })}
        >
          Every derivative of this design goes: viewables, properties and downloadable files. The source file stays.
        </ConfirmDialog>
      )}
    </section>
  );
}

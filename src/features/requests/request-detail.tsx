import { useQuery } from '@tanstack/react-query';
import type { InspectedBody, InspectedHeader } from '../../../contracts/request-inspector';
import { describeError } from '../../api/describe-error';
import { inspectorQueries } from '../../api/platform/queries';
import { CopyButton } from '../../components/ui/copy-button';
import { ErrorState } from '../../components/ui/error-state';
import { CloseIcon } from '../../components/ui/icons';
import { StatusPill } from '../../components/ui/status-pill';
import { formatBytes } from '../../lib/format-bytes';
import { statusTone } from './status-tone';
import { SERVICE_LABELS } from './use-request-filters';

const H3 = 'mt-4 mb-1 text-xs font-semibold tracking-wide text-neutral-500 uppercase dark:text-neutral-400';
const PRE =
  'max-h-96 overflow-auto rounded-md bg-neutral-50 p-2 font-mono text-xs break-all whitespace-pre-wrap dark:bg-neutral-900';

function Headers({ title, headers }: { title: string; headers: InspectedHeader[] }) {
  return (
    <>
      <h3 className={H3}>{title}</h3>
      <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-3 gap-y-0.5 font-mono text-xs">
        {headers.map((header, index) => (
          <div key={`${header.name}-${index}`} className="contents">
            <dt className="text-neutral-500 dark:text-neutral-400">{header.name}</dt>
            <dd className="break-all">{header.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function Body({ title, body }: { title: string; body: InspectedBody }) {
  const size = body.size === null ? 'size unknown' : formatBytes(body.size);
  const described = [body.contentType ?? 'no type', size].join(', ');
  return (
    <>
      <h3 className={H3}>{title}</h3>
      <p className="mb-1 text-xs text-neutral-500 dark:text-neutral-400">{described}</p>
      {body.text !== null ? (
        <>
          <pre className={PRE} tabIndex={0} aria-label={title}>
            {body.text}
          </pre>
          {body.truncated && (
            <p className="mt-1 text-xs text-neutral-500 dark:text-neutral-400">Only the start of this body was kept.</p>
          )}
        </>
      ) : (
        <p className="text-xs text-neutral-600 dark:text-neutral-400">
          {body.size === 0 || (body.size === null && body.contentType === null)
            ? 'No body.'
            : 'Not shown: a binary body, or one the platform did not read.'}
        </p>
      )}
    </>
  );
}

/** One request whole: what was sent and what came back, secrets redacted by the platform. */
export function RequestDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useQuery(inspectorQueries.detail(id));
  return (
    <section
      aria-labelledby="request-detail-heading"
      className="min-h-0 w-full max-w-xl shrink-0 overflow-auto border-l border-neutral-200 p-4 dark:border-neutral-800"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id="request-detail-heading" className="min-w-0 text-sm font-semibold break-all">
          {detail.data ? `${detail.data.method} ${detail.data.path}` : 'Request'}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close the request"
          className="rounded p-1 text-neutral-500 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-accent-500 dark:hover:bg-neutral-800"
        >
          <CloseIcon className="size-4" />
        </button>
      </div>
      {detail.isPending && <div className="mt-4 h-40 animate-pulse rounded-md bg-neutral-100 dark:bg-neutral-900" />}
      {detail.isError && (
        <ErrorState
          title="Couldn't load this request"
          {...describeError(detail.error)}
          onRetry={() => void detail.refetch()}
        />
      )}
      {detail.data && (
        <>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-xs">
            <StatusPill tone={statusTone(detail.data.status)}>{detail.data.status}</StatusPill>
            <span>{SERVICE_LABELS[detail.data.service]}</span>
            <span>{detail.data.durationMs} ms</span>
            {detail.data.user && <span>User {detail.data.user}</span>}
          </div>
          <p className="mt-2 flex items-center gap-1 font-mono text-xs">
            x-request-id {detail.data.requestId}
            <CopyButton value={detail.data.requestId} label="request id" />
          </p>
          <Headers title="Request headers" headers={detail.data.request.headers} />
          <Body title="Request body" body={detail.data.request.body} />
          <Headers title="Response headers" headers={detail.data.response.headers} />
          <Body title="Response body" body={detail.data.response.body} />
        </>
      )}
    </section>
  );
}

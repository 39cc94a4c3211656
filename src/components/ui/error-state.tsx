import type { ReactNode } from 'react';
import { Button } from './button';
import { AlertIcon, RefreshIcon } from './icons';

export interface ErrorDetail {
  label: string;
  value: string;
}

export interface ErrorStateProps {
  /** What failed, e.g. "Couldn't load hubs". */
  title: string;
  /** What happened and what to do, in words. */
  message: string;
  /** Facts for the curious (status, service code, request id), one click away. */
  details?: ErrorDetail[];
  raw?: string;
  onRetry?: () => void;
  retrying?: boolean;
  /** Another way on besides Retry, such as a link to the place above. */
  action?: ReactNode;
  /** 1 when the error is the whole page, 2 (the default) when it stands in for part of one. */
  headingLevel?: 1 | 2;
}

export function ErrorState({
  title,
  message,
  details = [],
  raw,
  onRetry,
  retrying = false,
  action,
  headingLevel = 2,
}: ErrorStateProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const hasDetails = details.length > 0 || Boolean(raw);
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center px-6 py-12 text-center">
      <span className="mb-3 flex size-10 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-950/60 dark:text-red-400">
        <AlertIcon className="size-5" />
      </span>
      <Heading className="text-sm font-semibold text-neutral-900 dark:text-neutral-100">{title}</Heading>
      <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{message}</p>
      {(onRetry || action) && (
        <div className="mt-4 flex flex-wrap items-center justify-center gap-2">
          {action}
          {onRetry && (
            <Button onClick={onRetry} loading={retrying}>
              {!retrying && <RefreshIcon className="size-3.5" />}
              Retry
            </Button>
          )}
        </div>
      )}
      {hasDetails && (
        <details className="mt-4 w-full text-left text-xs">
          <summary className="cursor-pointer text-center text-neutral-500 hover:text-neutral-700 dark:text-neutral-400 dark:hover:text-neutral-200">
            Details
          </summary>
          <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 rounded-md bg-neutral-50 p-3 dark:bg-neutral-900">
            {details.map((detail) => (
              <div key={detail.label} className="contents">
                <dt className="text-neutral-500 dark:text-neutral-400">{detail.label}</dt>
                <dd className="font-mono break-all text-neutral-800 dark:text-neutral-200">{detail.value}</dd>
              </div>
            ))}
          </dl>
          {raw && (
            <pre className="mt-2 max-h-48 overflow-auto rounded-md bg-neutral-50 p-3 font-mono whitespace-pre-wrap break-all text-neutral-800 dark:bg-neutral-900 dark:text-neutral-200">
              {raw}
            </pre>
          )}
        </details>
      )}
    </div>
  );
}

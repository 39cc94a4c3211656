import type { ErrorDescription } from '../../api/describe-error';

/** A failure where the person acted: what happened in words, the request and the raw response one click away. */
export function ErrorDetails({ title, description }: { title: string; description: ErrorDescription }) {
  return (
    <div
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100"
    >
      <p className="font-medium">{title}</p>
      <p>{description.message}</p>
      {(description.details.length > 0 || description.raw) && (
        <details className="mt-2 text-xs">
          <summary className="cursor-pointer">Raw response</summary>
          <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3">
            {description.details.map((detail) => (
              <div key={detail.label} className="contents">
                <dt>{detail.label}</dt>
                <dd className="font-mono break-all">{detail.value}</dd>
              </div>
            ))}
          </dl>
          {description.raw && (
            <pre className="mt-1 max-h-40 overflow-auto font-mono whitespace-pre-wrap break-all">{description.raw}</pre>
          )}
        </details>
      )}
    </div>
  );
}

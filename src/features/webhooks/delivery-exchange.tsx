import type { DeliveryAttempt, DeliveryHeader } from '../../../contracts/webhooks';
import { StatusPill } from '../../components/ui/status-pill';

const H4 = 'mb-1 text-xs font-semibold text-neutral-700 dark:text-neutral-200';
const PRE =
  'max-h-80 overflow-auto rounded-md bg-neutral-50 p-2 font-mono text-xs break-all whitespace-pre-wrap dark:bg-neutral-900';

function HeaderList({ headers, label }: { headers: DeliveryHeader[]; label: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-0.5 font-mono text-xs">
      {headers.map((header, index) => (
        <div key={`${header.name}-${index}`} className="contents">
          <dt className="text-neutral-500 dark:text-neutral-400">{header.name}</dt>
          <dd className="break-all">{header.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One attempt: what was sent beside what came back (or why nothing did). */
export function DeliveryExchange({ attempt }: { attempt: DeliveryAttempt }) {
  const { request, response } = attempt;
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <section aria-label={`Attempt ${attempt.n} request`} className="min-w-0 space-y-2">
        <h4 className={H4}>Request</h4>
        <HeaderList headers={request.headers} label="Request headers" />
        {/* Exactly the bytes that were signed and sent: laying the JSON out would show other bytes. */}
        <pre className={PRE} tabIndex={0} aria-label="Request body">
          {request.body}
        </pre>
      </section>
      <section aria-label={`Attempt ${attempt.n} response`} className="min-w-0 space-y-2">
        <h4 className={H4}>
          Response{' '}
          {response && (
            <StatusPill tone={response.status >= 200 && response.status < 300 ? 'success' : 'danger'}>
              {response.status}
            </StatusPill>
          )}
        </h4>
        {response ? (
          <>
            <HeaderList headers={response.headers} label="Response headers" />
            <pre className={PRE} tabIndex={0} aria-label="Response body">
              {response.body === '' ? '(empty)' : response.body}
            </pre>
          </>
        ) : (
          <p className="text-xs text-neutral-600 dark:text-neutral-300">No answer came.</p>
        )}
        {attempt.error && <p className="text-xs text-red-700 dark:text-red-300">{attempt.error}</p>}
      </section>
    </div>
  );
}

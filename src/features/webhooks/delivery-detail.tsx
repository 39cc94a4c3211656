import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../api/describe-error';
import { webhookErrorMessage } from '../../api/webhooks/errors';
import { webhooksMutations } from '../../api/webhooks/mutations';
import { webhooksQueries } from '../../api/webhooks/queries';
import { Button } from '../../components/ui/button';
import { CopyButton } from '../../components/ui/copy-button';
import { ErrorState } from '../../components/ui/error-state';
import { formatDateTime } from '../../lib/time';
import { DeliveryExchange } from './delivery-exchange';
import { DeliveryStatePill } from './delivery-state';
import { VerifyHelp } from './verify-help';

const LIVE_MS = 2_000;

/** The header as a receiver sees it, whether the platform gives its value alone or the whole line. */
const signatureLine = (header: string) =>
  /^x-adsk-signature\s*:/i.test(header) ? header : `x-adsk-signature: ${header}`;

/** One delivery whole: its attempts, request beside response, the signature, and sending it again. */
export function DeliveryDetail({ hookId, deliveryId }: { hookId: string; deliveryId: string }) {
  const detail = useQuery({
    ...webhooksQueries.delivery(hookId, deliveryId),
    // Watched while attempts may still come; a settled delivery does not change.
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? LIVE_MS : false),
  });
  const [shown, setShown] = useState<number | null>(null);
  const again = useMutation(webhooksMutations.redeliver(hookId));
  const retry = useMutation(webhooksMutations.retryNow(hookId));

  if (detail.isPending)
    return (
      <div
        aria-busy="true"
        aria-label="Loading the delivery"
        className="mt-3 h-40 animate-pulse rounded-md bg-neutral-100 dark:bg-neutral-900"
      />
    );
  if (detail.isError)
    return (
      <ErrorState
        title="Couldn't load this delivery"
        {...describeError(detail.error)}
        onRetry={() => void detail.refetch()}
      />
    );

  const delivery = detail.data;
  const attempts = delivery.attemptsMade;
  const attempt = attempts.find((each) => each.n === shown) ?? attempts[attempts.length - 1];
  return (
    <section
      aria-label={`Delivery of ${delivery.event}`}
      className="mt-3 space-y-3 rounded-md border border-neutral-200 p-3 dark:border-neutral-800"
    >
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <DeliveryStatePill delivery={delivery} />
        <span className="font-mono">{delivery.event}</span>
        <span>{delivery.kind}</span>
        <span>{formatDateTime(Date.parse(delivery.createdAt))}</span>
        {delivery.nextAttemptAt && <span>Next attempt {formatDateTime(Date.parse(delivery.nextAttemptAt))}</span>}
        {delivery.state === 'pending' && (
          <Button size="sm" className="ml-auto" loading={retry.isPending} onClick={() => retry.mutate(delivery.id)}>
            Retry now
          </Button>
        )}
        <Button
          size="sm"
          className={delivery.state === 'pending' ? undefined : 'ml-auto'}
          loading={again.isPending}
          onClick={() => again.mutate(delivery.id)}
        >
          Redeliver
        </Button>
      </div>
      {retry.isError && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {webhookErrorMessage(retry.error)}
        </p>
      )}
      {again.isError && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {webhookErrorMessage(again.error)}
        </p>
      )}
      {again.isSuccess && (
        <p role="status" className="text-xs text-neutral-600 dark:text-neutral-300">
          Sent again: it appears in the list.
        </p>
      )}
      <div className="text-xs">
        <p className="font-medium">Signature</p>
        {delivery.signature.signed && delivery.signature.header ? (
          <p className="flex items-center gap-1 font-mono break-all">
            {signatureLine(delivery.signature.header)}
            <CopyButton value={delivery.signature.header} label="signature" />
          </p>
        ) : (
          <p className="text-neutral-600 dark:text-neutral-300">Not signed: no secret applies to this hook.</p>
        )}
        <p className="text-neutral-500 dark:text-neutral-400">{delivery.signature.algorithm}.</p>
        <VerifyHelp />
      </div>
      {attempts.length > 1 && (
        <div role="group" aria-label="Attempts" className="flex flex-wrap gap-1">
          {attempts.map((each) => (
            <Button
              key={each.n}
              size="sm"
              variant={each === attempt ? 'primary' : 'ghost'}
              aria-pressed={each === attempt}
              onClick={() => setShown(each.n)}
            >
              Attempt {each.n}
              {each.response ? ` · ${each.response.status}` : ' · no answer'}
            </Button>
          ))}
        </div>
      )}
      {attempt ? (
        <>
          <p className="font-mono text-xs break-all text-neutral-500 dark:text-neutral-400">
            x-adsk-delivery-id {attempt.deliveryId}
            {attempt.durationMs !== null && ` · ${attempt.durationMs} ms`}
          </p>
          <DeliveryExchange attempt={attempt} />
        </>
      ) : (
        <p className="text-xs text-neutral-600 dark:text-neutral-300">No attempt yet: it is queued.</p>
      )}
    </section>
  );
}

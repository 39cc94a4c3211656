import { useMutation, useQuery } from '@tanstack/react-query';
import { describeError } from '../../api/describe-error';
import { webhookErrorMessage } from '../../api/webhooks/errors';
import { webhooksMutations } from '../../api/webhooks/mutations';
import { webhooksQueries } from '../../api/webhooks/queries';
import { Button } from '../../components/ui/button';
import { ErrorState } from '../../components/ui/error-state';
import { cx } from '../../lib/class-names';
import { DeliveryDetail } from './delivery-detail';
import { DeliveryStatePill } from './delivery-state';

const H3 = 'mt-6 mb-2 text-xs font-semibold tracking-wide text-neutral-500 uppercase dark:text-neutral-400';
const CELL = 'px-2 py-1.5 whitespace-nowrap';
/** The list is watched while the page is open; react-query pauses it while the tab is hidden. */
const LIVE_MS = 2_000;

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

interface DeliveriesSectionProps {
  hookId: string;
  selected: string | null;
  onSelect: (deliveryId: string | null) => void;
}

/** What the local platform sent to one hook's callback URL, newest first, live; one delivery open below. */
export function DeliveriesSection({ hookId, selected, onSelect }: DeliveriesSectionProps) {
  const list = useQuery({ ...webhooksQueries.deliveries(hookId), refetchInterval: LIVE_MS });
  const test = useMutation(webhooksMutations.sendTest(hookId));
  const deliveries = list.data?.deliveries ?? [];

  return (
    <section aria-labelledby="deliveries-heading">
      <div className="flex items-center justify-between gap-2">
        <h3 id="deliveries-heading" className={H3}>
          Deliveries
        </h3>
        <Button size="sm" loading={test.isPending} onClick={() => test.mutate()}>
          Send a test event
        </Button>
      </div>
      {test.isError && (
        <p role="alert" className="mb-2 text-xs text-red-700 dark:text-red-300">
          The test event was not sent: {webhookErrorMessage(test.error)}
        </p>
      )}
      {list.isPending ? (
        <div
          aria-busy="true"
          aria-label="Loading deliveries"
          className="h-20 animate-pulse rounded-md bg-neutral-100 dark:bg-neutral-900"
        />
      ) : list.isError ? (
        <ErrorState
          title="Couldn't load the deliveries"
          {...describeError(list.error)}
          onRetry={() => void list.refetch()}
        />
      ) : deliveries.length === 0 ? (
        <p className="text-xs text-neutral-600 dark:text-neutral-300">
          Nothing sent yet. Deliveries appear here as matching events happen, or send a test event.
        </p>
      ) : (
        <table aria-label="Deliveries" className="w-full text-left text-xs tabular-nums">
          <thead className="text-neutral-500 dark:text-neutral-400">
            <tr>
              <th scope="col" className={CELL}>
                Time
              </th>
              <th scope="col" className={CELL}>
                Event
              </th>
              <th scope="col" className={CELL}>
                Status
              </th>
              <th scope="col" className={cx(CELL, 'text-right')}>
                Attempts
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => (
              <tr
                key={delivery.id}
                className={cx(
                  'border-b border-neutral-100 dark:border-neutral-800/60',
                  delivery.id === selected && 'bg-accent-50 dark:bg-accent-950/60',
                )}
              >
                <td className={CELL}>{time(delivery.createdAt)}</td>
                <th scope="row" className={cx(CELL, 'font-normal')}>
                  <button
                    type="button"
                    aria-current={delivery.id === selected ? 'true' : undefined}
                    onClick={() => onSelect(delivery.id === selected ? null : delivery.id)}
                    className="rounded font-mono text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-500 dark:text-accent-300"
                  >
                    {delivery.event}
                  </button>
                  {delivery.kind !== 'event' && <span className="ml-1 text-neutral-500">({delivery.kind})</span>}
                </th>
                <td className={CELL}>
                  <DeliveryStatePill delivery={delivery} />
                </td>
                <td className={cx(CELL, 'text-right')}>{delivery.attempts}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {selected && <DeliveryDetail key={selected} hookId={hookId} deliveryId={selected} />}
    </section>
  );
}

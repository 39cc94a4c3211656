import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { HookDetails, RecordedEvent } from '../../../contracts/webhooks';
import { describeError } from '../../api/describe-error';
import { webhooksQueries } from '../../api/webhooks/queries';
import { Alert } from '../../components/ui/alert';
import { CONTROL } from './form-field';

const H3 = 'mt-6 mb-2 text-xs font-semibold tracking-wide text-neutral-500 uppercase dark:text-neutral-400';
const EVENTS_LIVE_MS = 5_000;

/** An event as a person picks it: what happened, to what, when. */
function eventLabel(event: RecordedEvent): string {
  const name = typeof event.payload['name'] === 'string' ? event.payload['name'] : event.resourceUrn;
  const at = new Date(event.createdAt).toLocaleTimeString();
  return `${event.event} · ${name} · ${event.region} · ${at}`;
}

/** "Why did this hook not receive…": a recent event, and the first rule that kept it from the hook. */
export function WhySection({ hook }: { hook: HookDetails }) {
  const id = useId();
  const [eventId, setEventId] = useState('');
  const events = useQuery({ ...webhooksQueries.events(), refetchInterval: EVENTS_LIVE_MS });
  const why = useQuery({ ...webhooksQueries.why(hook.hookId, eventId), enabled: eventId !== '' });
  const recent = events.data ?? [];

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className={H3}>
        Why did this hook not receive…
      </h3>
      {events.isError ? (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          The recent events could not be read: {describeError(events.error).message}
        </p>
      ) : (
        <div className="space-y-1">
          <label htmlFor={`${id}-event`} className="block text-sm font-medium">
            Recent event
          </label>
          <select
            id={`${id}-event`}
            value={eventId}
            onChange={(event) => setEventId(event.target.value)}
            className={`${CONTROL} h-8`}
            disabled={events.isPending}
          >
            <option value="">{recent.length === 0 ? 'No events recorded yet' : 'Choose an event'}</option>
            {recent.map((event) => (
              <option key={event.id} value={event.id}>
                {eventLabel(event)}
              </option>
            ))}
          </select>
        </div>
      )}
      {eventId !== '' && (
        <div className="mt-2" aria-live="polite">
          {why.isPending ? (
            <p className="text-xs text-neutral-500">Checking…</p>
          ) : why.isError ? (
            <p role="alert" className="text-xs text-red-700 dark:text-red-300">
              {describeError(why.error).message}
            </p>
          ) : why.data.matched ? (
            <Alert tone="info" title="It matches">
              {why.data.reason}
            </Alert>
          ) : (
            <Alert tone="warning" title={`Not sent: the ${why.data.rule} rule`}>
              {why.data.reason}
            </Alert>
          )}
        </div>
      )}
    </section>
  );
}

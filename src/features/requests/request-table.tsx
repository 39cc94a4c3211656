import type { KeyboardEvent } from 'react';
import type { InspectedRequestSummary } from '../../../contracts/request-inspector';
import { StatusPill } from '../../components/ui/status-pill';
import { cx } from '../../lib/class-names';
import { formatBytes } from '../../lib/format-bytes';
import { formatDateTime } from '../../lib/time';
import { statusTone } from './status-tone';
import { SERVICE_LABELS } from './use-request-filters';

const CELL = 'px-3 py-1.5 whitespace-nowrap';
const time = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

// Arrows move between rows as in the app's other tables; Enter and Space select, as buttons do.
function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  event.preventDefault();
  const row = event.currentTarget.closest('tr');
  const target = event.key === 'ArrowDown' ? row?.nextElementSibling : row?.previousElementSibling;
  target?.querySelector('button')?.focus();
}

interface RequestTableProps {
  requests: InspectedRequestSummary[];
  selected: number | null;
  onSelect: (id: number) => void;
}

export function RequestTable({ requests, selected, onSelect }: RequestTableProps) {
  return (
    <table className="w-full text-left text-xs tabular-nums" aria-label="Requests">
      <thead className="sticky top-0 bg-neutral-50 text-neutral-500 dark:bg-neutral-900 dark:text-neutral-400">
        <tr>
          <th scope="col" className={CELL}>
            Time
          </th>
          <th scope="col" className={CELL}>
            Method
          </th>
          <th scope="col" className={cx(CELL, 'w-full')}>
            Path
          </th>
          <th scope="col" className={CELL}>
            Status
          </th>
          <th scope="col" className={CELL}>
            Service
          </th>
          <th scope="col" className={CELL}>
            App
          </th>
          <th scope="col" className={cx(CELL, 'text-right')}>
            Duration
          </th>
          <th scope="col" className={cx(CELL, 'text-right')}>
            Size
          </th>
        </tr>
      </thead>
      <tbody>
        {requests.map((entry) => (
          <tr
            key={entry.id}
            className={cx(
              'h-9 border-b border-neutral-100 dark:border-neutral-800/60',
              entry.id === selected
                ? 'bg-accent-50 dark:bg-accent-950/60'
                : 'hover:bg-neutral-50 dark:hover:bg-neutral-900',
            )}
          >
            <td className={CELL}>
              <span title={formatDateTime(Date.parse(entry.startedAt))}>{time(entry.startedAt)}</span>
            </td>
            <td className={cx(CELL, 'font-mono')}>{entry.method}</td>
            <th scope="row" className={cx(CELL, 'max-w-0 truncate font-normal')}>
              <button
                type="button"
                onClick={() => onSelect(entry.id)}
                onKeyDown={moveFocus}
                aria-current={entry.id === selected ? 'true' : undefined}
                title={entry.path}
                className="w-full truncate text-left font-mono focus-visible:outline-2 focus-visible:outline-accent-500"
              >
                {entry.path}
              </button>
            </th>
            <td className={CELL}>
              <StatusPill tone={statusTone(entry.status)}>{entry.status}</StatusPill>
            </td>
            <td className={CELL}>{SERVICE_LABELS[entry.service]}</td>
            <td className={cx(CELL, 'max-w-40 truncate font-mono')} title={entry.app ?? undefined}>
              {entry.app ?? '–'}
            </td>
            <td className={cx(CELL, 'text-right')}>{entry.durationMs} ms</td>
            <td className={cx(CELL, 'text-right')}>
              {entry.responseSize === null ? '–' : formatBytes(entry.responseSize)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

import type { HookDetails, HookStatus } from '../../../contracts/webhooks';
import { StatusPill, type PillTone } from '../../components/ui/status-pill';
import { TimeAgo } from '../../components/ui/time-ago';
import { cx } from '../../lib/class-names';
import { useNow } from '../../lib/time';
import { parseHookDate, systemLabel, type SystemGroup } from './hook-groups';
import { ScopeLabel } from './scope-label';

export const HOOK_STATUS_TONE: Record<HookStatus, PillTone> = {
  active: 'success',
  inactive: 'neutral',
  reactivated: 'warning',
};

const CELL = 'px-3 py-1.5 whitespace-nowrap';
const HEAD = 'sticky top-0 bg-neutral-50 text-neutral-500 dark:bg-neutral-900 dark:text-neutral-400';

interface HookListProps {
  groups: SystemGroup[];
  selected: string | null;
  /** Narrow while a hook is open beside the list: the dates give way to the panel. */
  compact: boolean;
  onSelect: (hookId: string) => void;
}

function HookRow({
  hook,
  selected,
  compact,
  now,
  onSelect,
}: {
  hook: HookDetails;
  selected: boolean;
  compact: boolean;
  now: number;
  onSelect: () => void;
}) {
  return (
    <tr
      className={cx(
        'h-9 border-b border-neutral-100 dark:border-neutral-800/60',
        selected ? 'bg-accent-50 dark:bg-accent-950/60' : 'hover:bg-neutral-50 dark:hover:bg-neutral-900',
      )}
    >
      <td className={CELL}>
        <StatusPill tone={HOOK_STATUS_TONE[hook.status]}>{hook.status}</StatusPill>
      </td>
      <th scope="row" className={cx(CELL, 'max-w-0 truncate font-normal')}>
        <button
          type="button"
          onClick={onSelect}
          aria-current={selected ? 'true' : undefined}
          className="max-w-full truncate rounded font-mono text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-500 dark:text-accent-300"
        >
          {hook.callbackUrl}
        </button>
      </th>
      <td className={cx(CELL, 'max-w-0')}>
        <div className="flex">
          <ScopeLabel hook={hook} />
        </div>
      </td>
      {!compact && (
        <>
          <td className={CELL}>
            <TimeAgo at={parseHookDate(hook.createdDate)} now={now} />
          </td>
          <td className={CELL}>
            <TimeAgo at={parseHookDate(hook.lastUpdatedDate)} now={now} />
          </td>
        </>
      )}
    </tr>
  );
}

/** Hooks by system, then event: one table per event, each hook's callback URL opening it. */
export function HookList({ groups, selected, compact, onSelect }: HookListProps) {
  const now = useNow();
  return (
    <div className="space-y-5 p-4">
      {groups.map(({ system, events }) => (
        <section key={system} aria-labelledby={`system-${system}`}>
          <h2 id={`system-${system}`} className="mb-2 text-sm font-semibold text-neutral-900 dark:text-neutral-50">
            {systemLabel(system)} <span className="font-mono text-xs font-normal text-neutral-500">{system}</span>
          </h2>
          <div className="space-y-3">
            {events.map(({ event, hooks }) => (
              <table
                key={event}
                className="w-full table-fixed text-left text-xs tabular-nums"
                aria-label={`Hooks for ${event}`}
              >
                <caption className="pb-1 text-left font-mono text-xs font-medium text-neutral-700 dark:text-neutral-200">
                  {event} <span className="font-sans text-neutral-500 dark:text-neutral-400">· {hooks.length}</span>
                </caption>
                <thead className={HEAD}>
                  <tr>
                    <th scope="col" className={cx(CELL, 'w-24')}>
                      Status
                    </th>
                    <th scope="col" className={CELL}>
                      Callback URL
                    </th>
                    <th scope="col" className={cx(CELL, compact ? 'w-40' : 'w-56')}>
                      Scope
                    </th>
                    {!compact && (
                      <>
                        <th scope="col" className={cx(CELL, 'w-28')}>
                          Created
                        </th>
                        <th scope="col" className={cx(CELL, 'w-28')}>
                          Updated
                        </th>
                      </>
                    )}
                  </tr>
                </thead>
                <tbody>
                  {hooks.map((hook) => (
                    <HookRow
                      key={hook.hookId}
                      hook={hook}
                      selected={hook.hookId === selected}
                      compact={compact}
                      now={now}
                      onSelect={() => onSelect(hook.hookId)}
                    />
                  ))}
                </tbody>
              </table>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

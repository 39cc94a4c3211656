import type { ReactNode } from 'react';
import type { RequestListFilters } from '../../api/platform/queries';
import { SERVICE_LABELS, STATUS_CLASSES, type FilterName } from './use-request-filters';

const FIELD =
  'h-7 rounded-md border border-neutral-300 bg-white px-2 text-xs text-neutral-800 focus-visible:outline-2 focus-visible:outline-accent-500 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100';

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="flex items-center gap-1.5 text-xs text-neutral-600 dark:text-neutral-400">
      {label}
      {children}
    </label>
  );
}

interface RequestFiltersProps {
  filters: RequestListFilters;
  /** Client ids seen in the list, offered as the app filter's suggestions. */
  apps: string[];
  onChange: (name: FilterName, value: string) => void;
}

export function RequestFilters({ filters, apps, onChange }: RequestFiltersProps) {
  return (
    <div role="group" aria-label="Filters" className="flex flex-wrap items-center gap-3">
      <Labelled label="Service">
        <select
          className={FIELD}
          value={filters.service ?? ''}
          onChange={(event) => onChange('service', event.target.value)}
        >
          <option value="">All</option>
          {Object.entries(SERVICE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled label="Status">
        <select
          className={FIELD}
          value={filters.status ?? ''}
          onChange={(event) => onChange('status', event.target.value)}
        >
          <option value="">All</option>
          {STATUS_CLASSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
          {/* A status typed into the address (404) stays selectable. */}
          {filters.status && !(STATUS_CLASSES as readonly string[]).includes(filters.status) && (
            <option value={filters.status}>{filters.status}</option>
          )}
        </select>
      </Labelled>
      <Labelled label="App">
        <input
          className={`${FIELD} w-56 font-mono`}
          type="search"
          list="inspected-apps"
          placeholder="Any client id"
          value={filters.app ?? ''}
          onChange={(event) => onChange('app', event.target.value.trim())}
        />
        <datalist id="inspected-apps">
          {apps.map((app) => (
            <option key={app} value={app} />
          ))}
        </datalist>
      </Labelled>
    </div>
  );
}

import { useId } from 'react';
import { CONTROL } from './form-field';
import { DATA_EVENTS, type EventChoice } from './notify-plan';

interface EventPickerProps {
  choice: EventChoice;
  event: string;
  events: string[];
  error?: string;
  onChange: (change: { choice?: EventChoice; event?: string; events?: string[] }) => void;
}

const CHOICES: { value: EventChoice; label: string }[] = [
  { value: 'one', label: 'One event' },
  { value: 'several', label: 'Several events' },
  { value: 'all', label: 'All Data Management events' },
];

/** One event, a few of them, or every event of the data system (one hook each). */
export function EventPicker({ choice, event, events, error, onChange }: EventPickerProps) {
  const id = useId();
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">Events</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {CHOICES.map(({ value, label }) => (
          <label key={value} className="flex items-center gap-1.5">
            <input
              type="radio"
              name={`${id}-choice`}
              value={value}
              checked={choice === value}
              onChange={() => onChange({ choice: value })}
              className="accent-accent-600"
            />
            {label}
          </label>
        ))}
      </div>
      {choice === 'one' && (
        <div>
          <label htmlFor={`${id}-event`} className="sr-only">
            Event
          </label>
          <select
            id={`${id}-event`}
            value={event}
            onChange={(change) => onChange({ event: change.target.value })}
            className={`${CONTROL} h-8 font-mono text-xs`}
          >
            {DATA_EVENTS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      )}
      {choice === 'several' && (
        <div className="grid max-h-40 grid-cols-2 gap-x-3 gap-y-0.5 overflow-auto rounded-md border border-neutral-200 p-2 dark:border-neutral-800">
          {DATA_EVENTS.map((name) => (
            <label key={name} className="flex items-center gap-1.5 font-mono text-xs">
              <input
                type="checkbox"
                checked={events.includes(name)}
                onChange={(change) =>
                  onChange({
                    events: change.target.checked ? [...events, name] : events.filter((each) => each !== name),
                  })
                }
                className="accent-accent-600"
              />
              {name}
            </label>
          ))}
        </div>
      )}
      {choice === 'all' && (
        <p className="text-xs text-neutral-500 dark:text-neutral-400">
          One hook for each of the {DATA_EVENTS.length} events: versions, lineages, folders and operations.
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </fieldset>
  );
}

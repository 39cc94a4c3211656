import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export type SearchChanges = Record<string, string | null>;

/**
 * Sets (or, for null, removes) search parameters. `replace` keeps the change out of history: used for
 * dialogs, so Back after a dialog was submitted leaves the page instead of opening the dialog again.
 */
export function useSearchUpdate() {
  const [, setSearch] = useSearchParams();
  return useCallback(
    (changes: SearchChanges, { replace = false }: { replace?: boolean } = {}) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      ),
    [setSearch],
  );
}

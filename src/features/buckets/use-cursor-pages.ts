import { useState } from 'react';

/**
 * Pages of an OSS listing, which only knows the way forward (`next`): the cursors of the pages
 * already seen are kept so Previous can go back without asking the platform for them again.
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return {
    startAt: cursors[cursors.length - 1],
    pageNumber: cursors.length,
    hasPrevious: cursors.length > 1,
    nextPage: (startAt: string) => setCursors((seen) => [...seen, startAt]),
    previousPage: () => setCursors((seen) => (seen.length > 1 ? seen.slice(0, -1) : seen)),
    firstPage: () => setCursors([undefined]),
  };
}

import type { ContentRow } from './content-rows';

/**
 * How a folder's filter is answered. Data Management filters names itself
 * (`filter[displayName]-contains`, case-sensitive), so a filter costs as many pages as it has matches.
 * The service reads a comma as "or" and has no escape for one: a filter with commas asks the service
 * for its longest piece and narrows the rows it sends, which needs every one of them.
 */
export interface NamePlan {
  /** What the service is asked for; '' for every row. */
  server: string;
  /** Whether the service's answer is the answer; if not, `matches` narrows every row of it. */
  exact: boolean;
  matches: (row: ContentRow) => boolean;
}

export function planNameFilter(text: string): NamePlan {
  const needle = text.trim();
  const pieces = needle.split(',');
  const server = pieces.reduce((longest, piece) => (piece.length > longest.length ? piece : longest), '');
  return { server, exact: pieces.length === 1, matches: (row) => row.name.includes(needle) };
}

import type { ContentRow } from './content-rows';

/**
 * How a folder's filter is answered. Data Management filters names itself
 * (`filter[displayName]-contains`), so a filter costs as many pages as it has matches. But it matches
 * case-sensitively and has no operator that does not, while the filter here ignores case: the service
 * is asked only for a stretch of the text without letters that have a case (which any spelling of a
 * match holds as typed), and the app narrows what it sends. The service reads a comma as "or" and has
 * no escape for one, so a comma ends a stretch too.
 */
export interface NamePlan {
  /** What the service is asked for; '' for every row. */
  server: string;
  /** Whether the service's answer is the answer; if not, `matches` narrows every row of it. */
  exact: boolean;
  matches: (row: ContentRow) => boolean;
}

const CASED_OR_COMMA = /[,\p{Cased}]/u;

export function planNameFilter(text: string): NamePlan {
  const needle = text.trim();
  const folded = needle.toLowerCase();
  const stretches = needle.split(CASED_OR_COMMA);
  const server = stretches.reduce((longest, piece) => (piece.length > longest.length ? piece : longest), '');
  return {
    server,
    exact: server === needle,
    matches: (row) => row.name.toLowerCase().includes(folded),
  };
}

import type { ContentRow } from './content-rows';

/**
 * How a folder's filter is answered. Data Management filters names itself
 * (`filter[displayName]-contains`), so a filter costs as many pages as it has matches. It matches case
 * for case ("filtering is case sensitive", APS's filtering guide) and has no operator that does not,
 * but it reads comma-separated values as alternatives: asked for every spelling of the text, it answers
 * the names that hold the text in any case. Spellings double with each letter, so a longer text sends
 * the spellings of its longest stretch with at most `MAX_SPELLINGS` of them, and the app narrows that
 * answer to the whole text. The service has no escape for a comma, so a comma ends a stretch too.
 */
export interface NamePlan {
  /** What the service is asked for, spellings separated by commas; '' for every row. */
  server: string;
  /** Whether the service's answer is the answer; if not, `matches` narrows every row of it. */
  exact: boolean;
  matches: (row: ContentRow) => boolean;
}

/** 32, five letters: the service takes up to 50 values, and the request stays a few hundred characters. */
export const MAX_SPELLINGS = 32;
/** The service takes values of at most 255 characters; a stretch this long already names one file. */
const MAX_STRETCH = 100;

/** A character's spellings: a letter with case has two (`ß` → `SS` too), anything else one. */
const spellingsOf = (char: string) => [...new Set([char, char.toLowerCase(), char.toUpperCase()])];

/** The longest run of characters without a comma whose spellings number at most `MAX_SPELLINGS`. */
function longestStretch(chars: string[]): string[][] {
  let best: string[][] = [];
  let window: string[][] = [];
  let count = 1;
  for (const char of chars) {
    if (char === ',') {
      window = [];
      count = 1;
      continue;
    }
    const options = spellingsOf(char);
    window.push(options);
    count *= options.length;
    while (count > MAX_SPELLINGS || window.length > MAX_STRETCH) count /= window.shift()!.length;
    if (window.length > best.length) best = [...window];
  }
  return best;
}

const spell = (stretch: string[][]) =>
  stretch.reduce<string[]>((words, options) => words.flatMap((word) => options.map((char) => word + char)), ['']);

export function planNameFilter(text: string): NamePlan {
  const needle = text.trim();
  const folded = needle.toLowerCase();
  const chars = Array.from(needle);
  const stretch = longestStretch(chars);
  return {
    server: stretch.length ? spell(stretch).join(',') : '',
    exact: stretch.length === chars.length,
    matches: (row) => row.name.toLowerCase().includes(folded),
  };
}

import { describe, expect, it } from 'vitest';
import { NO_SELECTION, select, selectAll } from './selection';

const ids = ['a', 'b', 'c', 'd', 'e'];
const idAt = (index: number) => ids[index];
const picked = (selection: { ids: ReadonlySet<string> }) => [...selection.ids].sort();

describe('selection', () => {
  it('a plain click picks one row; Ctrl adds and removes; Shift picks the range from the last click', () => {
    let selection = select(NO_SELECTION, 1, 'only', idAt);
    expect(picked(selection)).toEqual(['b']);
    selection = select(selection, 3, 'toggle', idAt);
    expect(picked(selection)).toEqual(['b', 'd']);
    selection = select(selection, 0, 'range', idAt);
    expect(picked(selection)).toEqual(['a', 'b', 'c', 'd']);
    selection = select(selection, 2, 'toggle', idAt);
    expect(picked(selection)).toEqual(['a', 'b', 'd']);
    expect(picked(select(selection, 4, 'only', idAt))).toEqual(['e']);
  });

  it('a range upwards works as one downwards, skips rows not loaded, and all picks every loaded row', () => {
    const gappy = (index: number) => (index === 2 ? undefined : ids[index]);
    expect(picked(select({ ids: new Set(['e']), anchor: 4 }, 1, 'range', gappy))).toEqual(['b', 'd', 'e']);
    expect(select(NO_SELECTION, 2, 'only', gappy)).toBe(NO_SELECTION);
    expect(picked(selectAll(5, gappy))).toEqual(['a', 'b', 'd', 'e']);
  });
});

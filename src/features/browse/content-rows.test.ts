import { describe, expect, it } from 'vitest';
import { envelope, folder, item, recordsPage, version } from '../../testing/dm-fixtures';
import { compareRows, rowsOf } from './content-rows';
import { planNameFilter } from './name-filter';
import { countRows } from './use-folder-pages';

describe('rowsOf', () => {
  it('lifts each item’s tip version (number, size, type) onto its row', () => {
    const page = envelope([folder('urn:f', 'Models', 'urn:p'), item('urn:i', 'table.obj', 'urn:p', 2)], {
      included: [version('urn:i', 'table.obj', 2, { size: 4400 })],
    });
    const [folderRow, itemRow] = rowsOf(page);
    expect(folderRow).toMatchObject({
      kind: 'folder',
      name: 'Models',
      typeLabel: 'Folder',
      versionNumber: null,
      size: null,
      fileKind: 'folder',
    });
    expect(itemRow).toMatchObject({
      kind: 'item',
      name: 'table.obj',
      typeLabel: 'OBJ mesh',
      versionNumber: 2,
      size: 4400,
      modifiedBy: 'Dana Demo',
    });
    expect(itemRow?.thumbnail?.kind).toBe('derivative');
  });
});

describe('compareRows', () => {
  it('keeps folders first and breaks ties by name, numbers in order', () => {
    const rows = rowsOf(
      envelope([item('1', 'b10.txt', 'p'), item('2', 'b9.txt', 'p'), folder('3', 'z', 'p')], { included: [] }),
    );
    expect(rows.sort(compareRows('name', 'asc')).map((row) => row.name)).toEqual(['z', 'b9.txt', 'b10.txt']);
    expect(rows.sort(compareRows('name', 'desc')).map((row) => row.name)).toEqual(['z', 'b10.txt', 'b9.txt']);
  });
});

describe('planNameFilter', () => {
  it('asks the service for the name as typed, and for the longest piece of one with commas, which it reads as "or"', () => {
    const [row] = rowsOf(envelope([item('1', 'plan, level 1.pdf', 'p')], { included: [] }));
    expect(planNameFilter('  level 1 ')).toMatchObject({ server: 'level 1', exact: true });
    expect(planNameFilter('')).toMatchObject({ server: '', exact: true });
    const comma = planNameFilter('plan, level');
    expect(comma).toMatchObject({ server: ' level', exact: false });
    expect(comma.matches(row!)).toBe(true);
    // Case counts, as it does for the service.
    expect(planNameFilter('Plan').matches(row!)).toBe(false);
  });
});

describe('countRows', () => {
  it('estimates from objectCount until the last page says exactly', () => {
    expect(countRows([recordsPage('f', 0, 5000)], 5000)).toEqual({ count: 5000, exact: false });
    expect(countRows([recordsPage('f', 0, 5000), ...Array<undefined>(23), recordsPage('f', 24, 5000)], 5000)).toEqual({
      count: 5000,
      exact: true,
    });
    // Hidden items counted in objectCount but not listed: the last page corrects the estimate.
    expect(countRows([recordsPage('f', 0, 250), recordsPage('f', 1, 250)], 300)).toEqual({ count: 250, exact: true });
    // A page past the end bounds it from above until the real last page arrives.
    expect(countRows([recordsPage('f', 0, 390), undefined, recordsPage('f', 2, 390)], 450)).toEqual({
      count: 400,
      exact: false,
    });
    // Without an estimate, each page with `next` proves one more row.
    expect(countRows([recordsPage('f', 0, 5000)], undefined)).toEqual({ count: 201, exact: false });
  });
});

import { describe, expect, it } from 'vitest';
import { envelope, folder, item, recordsPage, version } from '../../testing/dm-fixtures';
import { compareRows, rowsOf } from './content-rows';
import { planNameFilter, type NamePlan } from './name-filter';
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
  const contains = (plan: NamePlan, name: string) => plan.server.split(',').some((value) => name.includes(value));

  it('asks the service for every spelling of the text, which any case of a match holds', () => {
    const plan = planNameFilter('  Tower ');
    expect(plan.exact).toBe(true);
    expect(plan.server.split(',')).toHaveLength(32);
    expect(plan.server.split(',')).toEqual(expect.arrayContaining(['tower', 'TOWER', 'Tower', 'tOWER', 'ToWeR']));
    for (const name of ['tower.ifc', 'North TOWER.ifc', 'ToWeR.dxf']) expect(contains(plan, name)).toBe(true);
    expect(contains(plan, 'towe r.ifc')).toBe(false);
    expect(planNameFilter('41-2')).toMatchObject({ server: '41-2', exact: true });
    expect(planNameFilter('')).toMatchObject({ server: '', exact: true });
  });

  it('sends the longest stretch of at most 32 spellings of a longer text, and the app narrows its answer', () => {
    const [row] = rowsOf(envelope([item('1', 'Tower Level-12.ifc', 'p')], { included: [] }));
    const plan = planNameFilter('tOWER level-12');
    // " level-12" holds five letters; a stretch one longer would hold six.
    expect(plan.exact).toBe(false);
    expect(plan.server.split(',')).toHaveLength(32);
    expect(plan.server.split(',')).toEqual(expect.arrayContaining([' level-12', ' Level-12', ' LEVEL-12']));
    expect(contains(plan, row!.name)).toBe(true);
    expect(plan.matches(row!)).toBe(true);
    expect(planNameFilter('TOWER LEVEL-12').matches(row!)).toBe(true);
    expect(planNameFilter('towers').matches(row!)).toBe(false);
    // A record of the Archive: one request for the one name that holds "ecord-4321" in any case.
    expect(planNameFilter('record-4321').server.split(',')).toContain('ecord-4321');
  });

  it('ends a stretch at a comma, which the service reads as "or"', () => {
    const [row] = rowsOf(envelope([item('1', 'plan, 41-2.pdf', 'p')], { included: [] }));
    const comma = planNameFilter('n, 41');
    expect(comma).toMatchObject({ server: ' 41', exact: false });
    expect(comma.matches(row!)).toBe(true);
    expect(planNameFilter('N, 41').matches(row!)).toBe(true);
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

import { describe, expect, it } from 'vitest';
import type { ObjectTreeNode } from '../../../contracts/model-derivative';
import { rowStartingWith, treeKeyAction, visibleRows } from './tree-rows';

const NODES: ObjectTreeNode[] = [
  {
    objectid: 1,
    name: 'Site',
    objects: [
      {
        objectid: 2,
        name: 'Frame',
        objects: [
          { objectid: 3, name: 'Front door' },
          { objectid: 4, name: 'Fan' },
        ],
      },
      { objectid: 5, name: 'Roof' },
    ],
  },
];

describe('visibleRows', () => {
  it('lays open branches out depth first, with level, parent and place among siblings', () => {
    const rows = visibleRows(NODES, () => true, null);
    expect(rows.map((row) => [row.name, row.level, row.parent, row.position, row.setSize])).toEqual([
      ['Site', 1, null, 1, 1],
      ['Frame', 2, 1, 1, 2],
      ['Front door', 3, 2, 1, 2],
      ['Fan', 3, 2, 2, 2],
      ['Roof', 2, 1, 2, 2],
    ]);
    expect(visibleRows(NODES, (node) => node.objectid !== 2, null).map((row) => row.name)).toEqual([
      'Site',
      'Frame',
      'Roof',
    ]);
    expect(visibleRows(NODES, () => true, new Set([1, 2, 4])).map((row) => [row.name, row.setSize])).toEqual([
      ['Site', 1],
      ['Frame', 1],
      ['Fan', 1],
    ]);
  });

  it('reads a tree thousands of levels deep', () => {
    let deep: ObjectTreeNode = { objectid: 20_000, name: 'leaf' };
    for (let id = 19_999; id > 0; id--) deep = { objectid: id, name: `n${id}`, objects: [deep] };
    expect(visibleRows([deep], () => true, null)).toHaveLength(20_000);
  });
});

describe('treeKeyAction', () => {
  const rows = visibleRows(NODES, (node) => node.objectid !== 2, null);

  it('moves, opens, closes and selects as the WAI-ARIA tree pattern says', () => {
    expect(treeKeyAction(rows, 1, 'ArrowDown')).toEqual({ focus: 2 });
    expect(treeKeyAction(rows, 5, 'ArrowDown')).toBeNull();
    expect(treeKeyAction(rows, 1, 'ArrowUp')).toBeNull();
    expect(treeKeyAction(rows, 2, 'ArrowRight')).toEqual({ toggle: 2, open: true });
    expect(treeKeyAction(rows, 1, 'ArrowRight')).toEqual({ focus: 2 });
    expect(treeKeyAction(rows, 5, 'ArrowRight')).toBeNull();
    expect(treeKeyAction(rows, 1, 'ArrowLeft')).toEqual({ toggle: 1, open: false });
    expect(treeKeyAction(rows, 5, 'ArrowLeft')).toEqual({ focus: 1 });
    expect(treeKeyAction(rows, 2, 'End')).toEqual({ focus: 5 });
    expect(treeKeyAction(rows, 5, 'Home')).toEqual({ focus: 1 });
    expect(treeKeyAction(rows, 5, 'Enter')).toEqual({ select: 5 });
    expect(treeKeyAction(rows, 5, ' ')).toEqual({ select: 5 });
    expect(treeKeyAction(rows, 5, 'x')).toBeNull();
    expect(treeKeyAction(rows, 99, 'ArrowDown')).toEqual({ focus: 1 });
  });
});

describe('rowStartingWith', () => {
  const rows = visibleRows(NODES, () => true, null);

  it('finds the next row whose name starts with what was typed, round past the end', () => {
    expect(rowStartingWith(rows, 1, 'f')).toBe(2);
    expect(rowStartingWith(rows, 2, 'f')).toBe(3);
    expect(rowStartingWith(rows, 4, 'f')).toBe(2);
    expect(rowStartingWith(rows, 1, 'ff')).toBe(2);
    expect(rowStartingWith(rows, 3, 'fa')).toBe(4);
    expect(rowStartingWith(rows, 3, 'fr')).toBe(3);
    expect(rowStartingWith(rows, 3, 'fro')).toBe(3);
    expect(rowStartingWith(rows, 1, 'q')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { PROPERTIES } from '../../testing/md-fixtures';
import { filterRows, flattenObjects, groupProperties, toCsv } from './property-rows';

describe('groupProperties', () => {
  it('groups by category in the platform’s order, loose values first under General', () => {
    expect(groupProperties(PROPERTIES[0]!)).toEqual([
      { category: 'General', entries: [['IfcClass', 'IfcWall']] },
      {
        category: 'Pset_WallCommon',
        entries: [
          ['FireRating', 'REI 90'],
          ['IsExternal', true],
        ],
      },
      { category: 'Dimensions', entries: [['Length', '12.000 m']] },
    ]);
  });
});

describe('the table across all objects', () => {
  const { columns, rows } = flattenObjects(PROPERTIES);

  it('has one column per category and name, across every object', () => {
    expect(columns).toEqual([
      'General / IfcClass',
      'Pset_WallCommon / FireRating',
      'Pset_WallCommon / IsExternal',
      'Dimensions / Length',
      'Pset_DoorCommon / FireRating',
      'Pset_DoorCommon / IsExternal',
    ]);
    expect(rows.map((row) => [row.objectid, row.values['General / IfcClass']])).toEqual([
      [3, 'IfcWall'],
      [4, 'IfcDoor'],
    ]);
  });

  it('searches names and values, and filters per column, ignoring case', () => {
    expect(filterRows(rows, 'door', {}).map((row) => row.objectid)).toEqual([4]);
    expect(filterRows(rows, 'rei 90', {}).map((row) => row.objectid)).toEqual([3]);
    expect(filterRows(rows, '', { 'General / IfcClass': 'ifcw' }).map((row) => row.objectid)).toEqual([3]);
    expect(filterRows(rows, 'floor', { 'Pset_DoorCommon / IsExternal': 'true' }).map((row) => row.objectid)).toEqual([
      4,
    ]);
    expect(filterRows(rows, '', { 'General / IfcClass': '  ' })).toHaveLength(2);
    // What the table shows matches too: booleans read as yes and no.
    expect(filterRows(rows, '', { 'Pset_WallCommon / IsExternal': 'yes' }).map((row) => row.objectid)).toEqual([3]);
  });

  it('writes CSV with quoting where a field needs it', () => {
    const csv = toCsv(
      ['A / x', 'A / y'],
      [{ objectid: 1, name: 'Wall, "north"', values: { 'A / x': 'line\nbreak', 'A / y': 2.5 } }],
    );
    expect(csv).toBe('Object id,Name,A / x,A / y\r\n1,"Wall, ""north""","line\nbreak",2.5\r\n');
  });

  it('writes property values that a spreadsheet would run as formulas as text, and numbers as numbers', () => {
    const values = {
      'A / formula': '=HYPERLINK("http://evil.test")',
      'A / at': '@SUM(1)',
      'A / negative': -3.5,
      'A / dashed': '-2+3',
    };
    const csv = toCsv(Object.keys(values), [{ objectid: 7, name: '+Door', values }]);
    expect(csv.split('\r\n')[1]).toBe(`7,"'+Door","'=HYPERLINK(""http://evil.test"")","'@SUM(1)",-3.5,"'-2+3"`);
  });
});

import type { ObjectProperties, PropertyValue } from '../../../contracts/model-derivative';
import { toCsvText } from '../../lib/csv';
import { displayValue } from './format-value';

/** Properties without a category (a value at the top level) are shown under this one. */
export const GENERAL = 'General';

export interface PropertyGroup {
  category: string;
  entries: [string, PropertyValue][];
}

/** An object's properties grouped by category, in the order the platform gave them. */
export function groupProperties(object: ObjectProperties): PropertyGroup[] {
  const loose: [string, PropertyValue][] = [];
  const groups: PropertyGroup[] = [];
  for (const [key, value] of Object.entries(object.properties)) {
    if (value !== null && typeof value === 'object') groups.push({ category: key, entries: Object.entries(value) });
    else loose.push([key, value]);
  }
  return loose.length ? [{ category: GENERAL, entries: loose }, ...groups] : groups;
}

/** One row of the table across all objects: "Category / Name" → value. */
export interface FlatRow {
  objectid: number;
  name: string;
  values: Record<string, PropertyValue>;
}

export const columnKey = (category: string, name: string) => `${category} / ${name}`;

export function flattenObjects(collection: ObjectProperties[]): { columns: string[]; rows: FlatRow[] } {
  const columns = new Set<string>();
  const rows = collection.map((object) => {
    const values: Record<string, PropertyValue> = {};
    for (const group of groupProperties(object)) {
      for (const [name, value] of group.entries) {
        const key = columnKey(group.category, name);
        columns.add(key);
        values[key] = value;
      }
    }
    return { objectid: object.objectid, name: object.name, values };
  });
  return { columns: [...columns], rows };
}

export const valueText = (value: PropertyValue | undefined): string =>
  value === null || value === undefined ? '' : String(value);

/** A value matches a filter through what is stored or what is shown ("true" or "Yes", "0.6090000000000002" or "0.609"). */
const valueHas = (value: PropertyValue | undefined, text: string) =>
  valueText(value).toLowerCase().includes(text) || displayValue(value).toLowerCase().includes(text);

/**
 * Rows matching the search (any cell or the name) and every column filter (a substring of that
 * column's value), case-insensitive.
 */
export function filterRows(rows: FlatRow[], search: string, filters: Record<string, string>): FlatRow[] {
  const needle = search.trim().toLowerCase();
  const active = Object.entries(filters)
    .filter(([, text]) => text.trim() !== '')
    .map(([column, text]) => [column, text.trim().toLowerCase()] as const);
  return rows.filter((row) => {
    if (
      needle &&
      !row.name.toLowerCase().includes(needle) &&
      !Object.values(row.values).some((value) => valueHas(value, needle))
    )
      return false;
    return active.every(([column, text]) => valueHas(row.values[column], text));
  });
}

/** The table as CSV, through the app's one CSV writer (which keeps formulas from running in a spreadsheet). */
export function toCsv(columns: string[], rows: FlatRow[]): string {
  const header = ['Object id', 'Name', ...columns];
  return toCsvText([
    header,
    ...rows.map((row) => [String(row.objectid), row.name, ...columns.map((column) => valueText(row.values[column]))]),
  ]);
}

import { useMemo, useRef, useState } from 'react';
import type { ObjectProperties } from '../../../contracts/model-derivative';
import { Button } from '../../components/ui/button';
import { DownloadIcon } from '../../components/ui/icons';
import { cx } from '../../lib/class-names';
import { formatCount } from '../../lib/format-bytes';
import { saveUrl } from '../../lib/save-url';
import { useRowWindow } from '../../lib/use-row-window';
import { displayValue } from './format-value';
import { filterRows, flattenObjects, toCsv, valueText } from './property-rows';

const ROW_HEIGHT = 28;
const HEADER_HEIGHT = 64;
const CELL = 'w-48 shrink-0 truncate px-2';

interface Props {
  collection: ObjectProperties[];
  selectedId: number | null;
  onSelect: (objectid: number) => void;
  /** The file name the CSV is saved under. */
  csvName: string;
}

/** Every object against every property: searchable, filterable per column, saved as CSV, and only the rows on screen are drawn. */
export function AllObjectsTable({ collection, selectedId, onSelect, csvName }: Props) {
  const { columns, rows } = useMemo(() => flattenObjects(collection), [collection]);
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Record<string, string>>({});
  const shown = useMemo(() => filterRows(rows, search, filters), [rows, search, filters]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowWindow = useRowWindow({
    count: shown.length,
    rowHeight: ROW_HEIGHT,
    overscan: 10,
    headerHeight: HEADER_HEIGHT,
    scrollRef,
  });
  const exportCsv = () => {
    const url = URL.createObjectURL(new Blob([toCsv(columns, shown)], { type: 'text/csv' }));
    saveUrl(url, csvName);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  const visible = shown.slice(rowWindow.first, rowWindow.last + 1);

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <div className="flex items-center gap-2">
        <input
          type="search"
          aria-label="Search all properties"
          placeholder="Search all properties"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="h-8 w-64 rounded-md border border-neutral-300 bg-white px-2 text-sm dark:border-neutral-700 dark:bg-neutral-950"
        />
        <span role="status" className="text-xs text-neutral-500">
          {formatCount(shown.length)} of {formatCount(rows.length)} objects
        </span>
        <Button size="sm" className="ml-auto" onClick={exportCsv}>
          <DownloadIcon className="size-3.5" /> Export CSV
        </Button>
      </div>
      <div
        ref={scrollRef}
        className="min-h-64 flex-1 overflow-auto rounded-md border border-neutral-200 dark:border-neutral-800"
      >
        <div
          role="table"
          aria-label="All objects"
          aria-rowcount={shown.length + 1}
          className="relative text-xs"
          style={{ height: HEADER_HEIGHT + rowWindow.totalHeight, width: `${(columns.length + 2) * 12}rem` }}
        >
          <div
            role="rowgroup"
            className="sticky top-0 z-10 bg-neutral-50 dark:bg-neutral-900"
            style={{ height: HEADER_HEIGHT }}
          >
            <div role="row" aria-rowindex={1} className="flex">
              {['Object id', 'Name', ...columns].map((column) => (
                <div role="columnheader" key={column} className={cx(CELL, 'space-y-1 py-1')}>
                  <span className="block truncate font-medium" title={column}>
                    {column}
                  </span>
                  {columns.includes(column) && (
                    <input
                      aria-label={`Filter ${column}`}
                      value={filters[column] ?? ''}
                      onChange={(event) => setFilters({ ...filters, [column]: event.target.value })}
                      className="h-6 w-full rounded border border-neutral-300 bg-white px-1 dark:border-neutral-700 dark:bg-neutral-950"
                    />
                  )}
                </div>
              ))}
            </div>
          </div>
          <div role="rowgroup">
            {visible.map((row, offset) => {
              const index = rowWindow.first + offset;
              return (
                <div
                  role="row"
                  key={row.objectid}
                  aria-rowindex={index + 2}
                  aria-selected={row.objectid === selectedId}
                  onClick={() => onSelect(row.objectid)}
                  className={cx(
                    'absolute inset-x-0 flex cursor-pointer items-center border-b border-neutral-100 hover:bg-neutral-50 dark:border-neutral-800 dark:hover:bg-neutral-900',
                    row.objectid === selectedId && 'bg-accent-50 dark:bg-accent-950/50',
                  )}
                  style={{ top: HEADER_HEIGHT + index * ROW_HEIGHT, height: ROW_HEIGHT }}
                >
                  <div role="cell" className={cx(CELL, 'tabular-nums')}>
                    {row.objectid}
                  </div>
                  <div role="rowheader" className={cx(CELL, 'font-medium')} title={row.name}>
                    {row.name}
                  </div>
                  {columns.map((column) => (
                    <div
                      role="cell"
                      key={column}
                      className={cx(CELL, 'tabular-nums')}
                      title={valueText(row.values[column])}
                    >
                      {displayValue(row.values[column])}
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}

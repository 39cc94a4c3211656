import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../api/describe-error';
import { mdQueries } from '../../api/model-derivative/queries';
import { Alert } from '../../components/ui/alert';
import { cx } from '../../lib/class-names';
import { Skeleton } from '../../components/ui/spinner';
import { AllObjectsTable } from './all-objects-table';
import { ExtractingNotice } from './extracting-notice';
import { ObjectProperties } from './object-properties';
import { ObjectTree } from './object-tree';

export interface PropertiesPanelProps {
  urn: string;
  /** The model view (metadata guid) being read. */
  guid: string;
  /** The source file's name, for the CSV file's name. */
  name: string;
  selectedId: number | null;
  onSelect: (objectid: number) => void;
}

type Mode = 'object' | 'all';

/** The object tree beside the selected object's properties, or every object in one table. */
export function PropertiesPanel({ urn, guid, name, selectedId, onSelect }: PropertiesPanelProps) {
  const [mode, setMode] = useState<Mode>('object');
  const tree = useQuery(mdQueries.objectTree(urn, guid));
  const all = useQuery({ ...mdQueries.properties(urn, guid), enabled: mode === 'all' });
  const modeButton = (value: Mode, label: string) => (
    <button
      type="button"
      aria-pressed={mode === value}
      onClick={() => setMode(value)}
      className={cx(
        'rounded px-2 py-1 text-xs',
        mode === value
          ? 'bg-neutral-200 font-medium dark:bg-neutral-700'
          : 'hover:bg-neutral-100 dark:hover:bg-neutral-800',
      )}
    >
      {label}
    </button>
  );

  return (
    // A container, so the tree sits beside the properties where the panel is wide and above them where it is narrow (beside the 3D view).
    <div className="@container flex min-h-0 flex-1 flex-col gap-3">
      <div role="group" aria-label="Properties view" className="flex gap-1">
        {modeButton('object', 'By object')}
        {modeButton('all', 'All objects')}
      </div>
      {mode === 'all' ? (
        all.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : all.isError ? (
          <Alert tone="danger" title="Couldn't read the properties">
            {describeError(all.error).message}
          </Alert>
        ) : all.data.state === 'extracting' ? (
          <ExtractingNotice what="properties" />
        ) : (
          <AllObjectsTable
            collection={all.data.data.data.collection}
            selectedId={selectedId}
            onSelect={onSelect}
            csvName={`${name.replace(/\.[^.]+$/, '')}-properties.csv`}
          />
        )
      ) : (
        // Columns that never grow to a name's width: a long name (unwrapped, cut short in the tree) once widened
        // the grid past the pane, and selecting it scrolled the whole page sideways to show it.
        <div className="grid min-h-0 flex-1 grid-cols-[minmax(0,1fr)] grid-rows-[minmax(9rem,2fr)_minmax(12rem,3fr)] gap-3 @3xl:grid-cols-[minmax(14rem,1fr)_minmax(0,2fr)] @3xl:grid-rows-1 @3xl:gap-4">
          <section aria-label="Objects" className="flex min-h-0 min-w-0 flex-col">
            {tree.isPending ? (
              <Skeleton className="h-64 w-full" />
            ) : tree.isError ? (
              <Alert tone="danger" title="Couldn't read the object tree">
                {describeError(tree.error).message}
              </Alert>
            ) : tree.data.state === 'extracting' ? (
              <ExtractingNotice what="object tree" />
            ) : (
              <ObjectTree nodes={tree.data.data.data.objects} selectedId={selectedId} onSelect={onSelect} />
            )}
          </section>
          {/* Focusable: a long property list scrolls, and keyboard users must be able to scroll it. */}
          <section
            aria-label="Selected object"
            tabIndex={0}
            className="min-w-0 overflow-auto focus-visible:outline-2 focus-visible:outline-accent-500"
          >
            {selectedId === null ? (
              <p className="text-sm text-neutral-500">Choose an object to see its properties.</p>
            ) : (
              <ObjectProperties urn={urn} guid={guid} objectid={selectedId} />
            )}
          </section>
        </div>
      )}
    </div>
  );
}

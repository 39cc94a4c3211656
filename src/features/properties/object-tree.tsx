import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ObjectTreeNode } from '../../../contracts/model-derivative';
import { ChevronDownIcon, ChevronRightIcon } from '../../components/ui/icons';
import { cx } from '../../lib/class-names';
import { allIds, matchingIds, pathTo, rowStartingWith, treeKeyAction, visibleRows, type TreeRow } from './tree-rows';

interface TreeProps {
  nodes: ObjectTreeNode[];
  selectedId: number | null;
  onSelect: (objectid: number) => void;
}

/** Letters typed within this long of each other make one type-ahead search. */
const TYPE_AHEAD_MS = 700;

/**
 * The model's objects as an ARIA tree, drawn flat (aria-level, aria-setsize, aria-posinset): one tab
 * stop, Up and Down through the rows, Right opens or goes to the first child, Left closes or goes to
 * the parent, Home and End, typing a name's start, Enter or Space selects. A selection made elsewhere
 * (the 3D view) opens its branch and scrolls to it.
 */
export function ObjectTree({ nodes, selectedId, onSelect }: TreeProps) {
  const [search, setSearch] = useState('');
  const [toggled, setToggled] = useState<Map<number, boolean>>(new Map());
  const [activeId, setActiveId] = useState<number | null>(selectedId);
  const [seenSelection, setSeenSelection] = useState<number | null>(null);
  const rowRefs = useRef(new Map<number, HTMLLIElement>());
  const focusPending = useRef(false);
  const typed = useRef({ text: '', at: -Infinity });
  const needle = search.trim().toLowerCase();
  const only = useMemo(() => (needle ? matchingIds(nodes, needle) : null), [nodes, needle]);
  const ancestors = useMemo(
    () => new Set(selectedId === null ? [] : (pathTo(nodes, selectedId) ?? [])),
    [nodes, selectedId],
  );

  // A new selection opens the way to it, even through branches closed by hand, and becomes the tab stop.
  if (selectedId !== seenSelection) {
    setSeenSelection(selectedId);
    if (selectedId !== null) {
      setActiveId(selectedId);
      if ([...ancestors].some((id) => toggled.get(id) === false))
        setToggled(new Map([...toggled].filter(([id]) => !ancestors.has(id))));
    }
  }

  // Open: what the person toggled, else the top two levels, the way to the selection, and any search match.
  const rows = useMemo(
    () =>
      visibleRows(
        nodes,
        (node, level) => toggled.get(node.objectid) ?? (level <= 2 || ancestors.has(node.objectid) || only !== null),
        only,
      ),
    [nodes, toggled, ancestors, only],
  );
  const active: number | undefined =
    rows.find((row) => row.id === activeId)?.id ?? (rows.find((row) => row.id === selectedId) ?? rows[0])?.id;

  useEffect(() => {
    if (focusPending.current && active !== undefined) rowRefs.current.get(active)?.focus();
    focusPending.current = false;
  });
  useEffect(() => {
    if (selectedId !== null) rowRefs.current.get(selectedId)?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedId]);

  const toggle = (id: number, open: boolean) => setToggled(new Map(toggled).set(id, open));
  const moveTo = (id: number) => {
    focusPending.current = true;
    setActiveId(id);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (active === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key.length === 1 && event.key !== ' ') {
      const now = event.timeStamp;
      typed.current = {
        text: now - typed.current.at < TYPE_AHEAD_MS ? typed.current.text + event.key : event.key,
        at: now,
      };
      const found = rowStartingWith(rows, active, typed.current.text);
      if (found !== undefined) moveTo(found);
      return;
    }
    const action = treeKeyAction(rows, active, event.key);
    if (!action) return;
    event.preventDefault();
    if ('focus' in action) moveTo(action.focus);
    else if ('toggle' in action) toggle(action.toggle, action.open);
    else onSelect(action.select);
  };

  const item = (row: TreeRow) => (
    <li
      key={row.id}
      ref={(element) => {
        if (element) rowRefs.current.set(row.id, element);
        else rowRefs.current.delete(row.id);
      }}
      role="treeitem"
      aria-level={row.level}
      aria-setsize={row.setSize}
      aria-posinset={row.position}
      aria-expanded={row.hasChildren ? row.open : undefined}
      aria-selected={row.id === selectedId}
      tabIndex={row.id === active ? 0 : -1}
      onClick={() => {
        setActiveId(row.id);
        onSelect(row.id);
      }}
      className={cx(
        'flex cursor-default items-center gap-1 rounded py-0.5 pr-1 text-sm outline-none hover:bg-neutral-100 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:ring-inset dark:hover:bg-neutral-800',
        row.id === selectedId && 'bg-accent-100 hover:bg-accent-100 dark:bg-accent-900/60 dark:hover:bg-accent-900/60',
      )}
      style={{ paddingLeft: 4 + (row.level - 1) * 14 }}
    >
      {/* The chevron is for the mouse; the keyboard opens and closes with Right and Left. */}
      <span
        aria-hidden="true"
        onClick={(event) => {
          event.stopPropagation();
          if (row.hasChildren) toggle(row.id, !row.open);
        }}
        className={cx(
          'flex size-4.5 shrink-0 items-center justify-center rounded',
          row.hasChildren && 'hover:bg-neutral-200 dark:hover:bg-neutral-700',
        )}
      >
        {row.hasChildren &&
          (row.open ? <ChevronDownIcon className="size-3.5" /> : <ChevronRightIcon className="size-3.5" />)}
      </span>
      <span className="min-w-0 flex-1 truncate" title={row.name}>
        {row.name}
      </span>
    </li>
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <input
        type="search"
        aria-label="Search the object tree"
        placeholder="Search objects"
        value={search}
        onChange={(event) => {
          // A new search shows its matches in place, whatever was opened or closed by hand before.
          setToggled(new Map());
          setSearch(event.target.value);
        }}
        className="h-8 rounded-md border border-neutral-300 bg-white px-2 text-sm dark:border-neutral-700 dark:bg-neutral-950"
      />
      <div className="flex gap-2 text-xs">
        <button
          type="button"
          className="underline"
          onClick={() => setToggled(new Map(allIds(nodes).map((id) => [id, true])))}
        >
          Expand all
        </button>
        <button
          type="button"
          className="underline"
          onClick={() => setToggled(new Map(allIds(nodes).map((id) => [id, false])))}
        >
          Collapse all
        </button>
      </div>
      <ul role="tree" aria-label="Object tree" onKeyDown={onKeyDown} className="min-h-24 flex-1 overflow-auto">
        {rows.map(item)}
      </ul>
    </div>
  );
}

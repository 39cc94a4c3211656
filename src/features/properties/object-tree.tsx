import { useMemo, useState } from 'react';
import type { ObjectTreeNode } from '../../../contracts/model-derivative';
import { ChevronDownIcon, ChevronRightIcon } from '../../components/ui/icons';
import { cx } from '../../lib/class-names';

interface TreeProps {
  nodes: ObjectTreeNode[];
  selectedId: number | null;
  onSelect: (objectid: number) => void;
}

/** The ids of nodes that match the search and of every node above one, so matches show in place. */
function matchingIds(nodes: ObjectTreeNode[], needle: string, found = new Set<number>()): boolean {
  let any = false;
  for (const node of nodes) {
    const below = matchingIds(node.objects ?? [], needle, found);
    if (below || node.name.toLowerCase().includes(needle)) {
      found.add(node.objectid);
      any = true;
    }
  }
  return any;
}

/** The ids on the way down to `target`, so a selection made in the 3D view opens its branch. */
function pathTo(nodes: ObjectTreeNode[], target: number): number[] | null {
  for (const node of nodes) {
    if (node.objectid === target) return [];
    const below = pathTo(node.objects ?? [], target);
    if (below) return [node.objectid, ...below];
  }
  return null;
}

export function ObjectTree({ nodes, selectedId, onSelect }: TreeProps) {
  const [search, setSearch] = useState('');
  const [toggled, setToggled] = useState<Map<number, boolean>>(new Map());
  const needle = search.trim().toLowerCase();
  const visible = useMemo(() => {
    if (!needle) return null;
    const found = new Set<number>();
    matchingIds(nodes, needle, found);
    return found;
  }, [nodes, needle]);
  const ancestors = useMemo(() => new Set(selectedId === null ? [] : (pathTo(nodes, selectedId) ?? [])), [nodes, selectedId]);
  // Open: what the person toggled, else the top two levels, the way to the selection, and any search match.
  const isOpen = (node: ObjectTreeNode, depth: number) => toggled.get(node.objectid) ?? (depth < 2 || ancestors.has(node.objectid) || visible !== null);
  const toggle = (id: number, open: boolean) => setToggled(new Map(toggled).set(id, !open));

  const render = (list: ObjectTreeNode[], depth: number) =>
    list
      .filter((node) => !visible || visible.has(node.objectid))
      .map((node) => {
        const children = node.objects ?? [];
        const open = isOpen(node, depth);
        const selected = node.objectid === selectedId;
        return (
          <li key={node.objectid} role="treeitem" aria-selected={selected} aria-expanded={children.length ? open : undefined} aria-label={node.name}>
            <div className={cx('flex items-center gap-1 rounded px-1 text-sm', selected && 'bg-accent-100 dark:bg-accent-900/60')} style={{ paddingLeft: depth * 12 }}>
              {children.length ? (
                <button type="button" tabIndex={-1} aria-label={`${open ? 'Collapse' : 'Expand'} ${node.name}`} onClick={() => toggle(node.objectid, open)} className="rounded p-0.5 hover:bg-neutral-100 dark:hover:bg-neutral-800">
                  {open ? <ChevronDownIcon className="size-3.5" /> : <ChevronRightIcon className="size-3.5" />}
                </button>
              ) : (
                <span className="w-4.5" />
              )}
              <button
                type="button"
                ref={selected ? (element) => element?.scrollIntoView?.({ block: 'nearest' }) : undefined}
                onClick={() => onSelect(node.objectid)}
                className="min-w-0 flex-1 truncate py-0.5 text-left focus-visible:outline-2 focus-visible:outline-accent-500"
              >
                {node.name}
              </button>
            </div>
            {open && children.length > 0 && <ul role="group">{render(children, depth + 1)}</ul>}
          </li>
        );
      });

  return (
    <div className="flex min-h-0 flex-col gap-2">
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
        <button type="button" className="underline" onClick={() => setToggled(new Map(allIds(nodes).map((id) => [id, true])))}>Expand all</button>
        <button type="button" className="underline" onClick={() => setToggled(new Map(allIds(nodes).map((id) => [id, false])))}>Collapse all</button>
      </div>
      <ul role="tree" aria-label="Object tree" className="min-h-0 flex-1 overflow-auto">
        {render(nodes, 0)}
      </ul>
    </div>
  );
}

function allIds(nodes: ObjectTreeNode[]): number[] {
  return nodes.flatMap((node) => [node.objectid, ...allIds(node.objects ?? [])]);
}

import type { ObjectTreeNode } from '../../../contracts/model-derivative';

/** One visible row of the object tree, flat, with what ARIA needs to convey the nesting. */
export interface TreeRow {
  id: number;
  name: string;
  /** 1 for a root. */
  level: number;
  parent: number | null;
  hasChildren: boolean;
  open: boolean;
  /** Siblings (shown) and this row's place among them, from 1. */
  setSize: number;
  position: number;
}

/**
 * The rows on screen, depth first: a node's children follow it when it is open. With `only`, the
 * nodes outside it are left out (a search shows its matches and their ancestors).
 */
export function visibleRows(
  nodes: ObjectTreeNode[],
  isOpen: (node: ObjectTreeNode, level: number) => boolean,
  only: ReadonlySet<number> | null,
): TreeRow[] {
  const rows: TreeRow[] = [];
  // Iterative, so a deep assembly cannot overflow the stack.
  const stack: Array<{
    node: ObjectTreeNode;
    level: number;
    parent: number | null;
    setSize: number;
    position: number;
  }> = [];
  const pushLevel = (list: ObjectTreeNode[], level: number, parent: number | null) => {
    const shown = only ? list.filter((node) => only.has(node.objectid)) : list;
    for (let i = shown.length - 1; i >= 0; i--)
      stack.push({ node: shown[i] as ObjectTreeNode, level, parent, setSize: shown.length, position: i + 1 });
  };
  pushLevel(nodes, 1, null);
  while (stack.length) {
    const { node, level, parent, setSize, position } = stack.pop() as (typeof stack)[number];
    const hasChildren = (node.objects?.length ?? 0) > 0;
    const open = hasChildren && isOpen(node, level);
    rows.push({ id: node.objectid, name: node.name, level, parent, hasChildren, open, setSize, position });
    if (open) pushLevel(node.objects ?? [], level + 1, node.objectid);
  }
  return rows;
}

/** What a key does in the tree (WAI-ARIA tree pattern): move focus, open or close a branch, or select. */
export type TreeKeyAction = { focus: number } | { toggle: number; open: boolean } | { select: number } | null;

export function treeKeyAction(rows: TreeRow[], activeId: number, key: string): TreeKeyAction {
  const index = rows.findIndex((row) => row.id === activeId);
  const row = rows[index];
  if (!row) return rows[0] ? { focus: rows[0].id } : null;
  const at = (i: number) => {
    const target = rows[Math.max(0, Math.min(rows.length - 1, i))];
    return target && target.id !== activeId ? { focus: target.id } : null;
  };
  switch (key) {
    case 'ArrowDown':
      return at(index + 1);
    case 'ArrowUp':
      return at(index - 1);
    case 'Home':
      return at(0);
    case 'End':
      return at(rows.length - 1);
    case 'ArrowRight':
      if (!row.hasChildren) return null;
      return row.open ? at(index + 1) : { toggle: row.id, open: true };
    case 'ArrowLeft':
      if (row.open) return { toggle: row.id, open: false };
      return row.parent === null ? null : { focus: row.parent };
    case 'Enter':
    case ' ':
      return { select: row.id };
    default:
      return null;
  }
}

/** Type-ahead: the next row after the active one whose name starts with `typed`, wrapping round; undefined when none does. */
export function rowStartingWith(rows: TreeRow[], activeId: number, typed: string): number | undefined {
  // One letter typed again and again cycles through the rows with that letter, as file managers do.
  const repeated = [...typed].every((letter) => letter === typed[0]);
  const needle = (repeated ? typed.slice(0, 1) : typed).toLowerCase();
  const start = rows.findIndex((row) => row.id === activeId);
  // Typing on within a name stays on it while it still matches.
  const from = !repeated && rows[start]?.name.toLowerCase().startsWith(needle) ? start : start + 1;
  for (let step = 0; step < rows.length; step++) {
    const row = rows[(from + step) % rows.length] as TreeRow;
    if (row.name.toLowerCase().startsWith(needle)) return row.id;
  }
  return undefined;
}

/** The ids of nodes that match the search and of every node above one, so matches show in place. */
export function matchingIds(nodes: ObjectTreeNode[], needle: string, found = new Set<number>()): Set<number> {
  const visit = (list: ObjectTreeNode[]): boolean => {
    let any = false;
    for (const node of list) {
      const below = visit(node.objects ?? []);
      if (below || node.name.toLowerCase().includes(needle)) {
        found.add(node.objectid);
        any = true;
      }
    }
    return any;
  };
  visit(nodes);
  return found;
}

/** The ids on the way down to `target` (not itself), so a selection made in the 3D view opens its branch. */
export function pathTo(nodes: ObjectTreeNode[], target: number): number[] | null {
  for (const node of nodes) {
    if (node.objectid === target) return [];
    const below = pathTo(node.objects ?? [], target);
    if (below) return [node.objectid, ...below];
  }
  return null;
}

export function allIds(nodes: ObjectTreeNode[]): number[] {
  return nodes.flatMap((node) => [node.objectid, ...allIds(node.objects ?? [])]);
}

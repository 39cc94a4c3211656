import { createContext, useContext, useId, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ChevronRightIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/spinner';
import { cx } from '../../lib/class-names';
import { useIsExpanded, useTreeActions } from './tree-store';

export interface TreeFocus {
  /** The node holding the tree's one tab stop. */
  activeKey: string | null;
  activate: (key: string) => void;
  /** The node for the page on screen. */
  currentKey: string | null;
}

export const TreeFocusContext = createContext<TreeFocus>({ activeKey: null, activate: () => {}, currentKey: null });

interface TreeNodeProps {
  nodeKey: string;
  level: number;
  label: string;
  href: string;
  icon: ReactNode;
  /** False once the node is known to have no children. */
  expandable: boolean;
  /** The children, rendered only while the node is open. */
  children: () => ReactNode;
}

/** One node of the hub tree (ARIA treeitem): Right opens or goes in, Left closes or goes up, Enter opens the page. */
export function TreeNode({ nodeKey, level, label, href, icon, expandable, children }: TreeNodeProps) {
  const { activeKey, activate, currentKey } = useContext(TreeFocusContext);
  const expanded = useIsExpanded(nodeKey) && expandable;
  const { nodeToggled, nodeCollapsed } = useTreeActions();
  const navigate = useNavigate();
  const labelId = useId();

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.target !== event.currentTarget) return;
    const element = event.currentTarget;
    if (event.key === 'ArrowRight' && expandable) {
      if (!expanded) nodeToggled(nodeKey);
      else element.querySelector<HTMLElement>('[role=group] [role=treeitem]')?.focus();
    } else if (event.key === 'ArrowLeft') {
      if (expanded) nodeCollapsed(nodeKey);
      else element.parentElement?.closest<HTMLElement>('[role=treeitem]')?.focus();
    } else if (event.key === 'Enter') {
      void navigate(href);
    } else return;
    event.preventDefault();
  };

  return (
    <li
      role="treeitem"
      aria-labelledby={labelId}
      aria-level={level}
      aria-expanded={expandable ? expanded : undefined}
      aria-selected={currentKey === nodeKey}
      data-tree-key={nodeKey}
      tabIndex={activeKey === nodeKey ? 0 : -1}
      onFocus={(event) => event.target === event.currentTarget && activate(nodeKey)}
      onKeyDown={onKeyDown}
      className="outline-none focus-visible:[&>div]:outline-2 focus-visible:[&>div]:-outline-offset-2 focus-visible:[&>div]:outline-accent-500"
    >
      <div
        onClick={() => {
          activate(nodeKey);
          void navigate(href);
        }}
        style={{ paddingLeft: `${(level - 1) * 12 + 4}px` }}
        className={cx(
          'flex h-7 cursor-pointer items-center gap-1 rounded-md pr-2 text-sm',
          currentKey === nodeKey
            ? 'bg-white font-medium text-neutral-900 shadow-xs ring-1 ring-neutral-200 dark:bg-neutral-800 dark:text-neutral-50 dark:ring-neutral-700'
            : 'text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800',
        )}
      >
        <span
          aria-hidden="true"
          onClick={(event) => {
            event.stopPropagation();
            if (expandable) nodeToggled(nodeKey);
          }}
          className="flex size-5 shrink-0 items-center justify-center rounded text-neutral-400 hover:text-neutral-700 dark:hover:text-neutral-200"
        >
          {expandable && <ChevronRightIcon className={cx('size-3.5 transition-transform', expanded && 'rotate-90')} />}
        </span>
        {icon}
        <span id={labelId} className="truncate">
          {label}
        </span>
      </div>
      {expanded && children()}
    </li>
  );
}

/** A node's children while they load: the shape of two rows, announced once. */
export function TreeGroupLoading({ level }: { level: number }) {
  return (
    <div role="group" aria-busy="true" style={{ paddingLeft: `${level * 12 + 28}px` }} className="space-y-1.5 py-1">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-3 w-24" />
      <Skeleton className="h-3 w-16" />
    </div>
  );
}

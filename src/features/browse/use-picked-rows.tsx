import { useState, type ReactNode } from 'react';
import type { ContentRow } from './content-rows';
import type { RowCommands } from './details-panel';
import type { RowHandlers } from './folder-grid';
import { RowMenu, type MenuAction } from './row-menu';
import { NO_SELECTION, select, selectAll, type Selection } from './selection';
import { downloadableRows } from './use-download-rows';

interface PickedRowsInput {
  count: number;
  rowAt: (index: number) => ContentRow | undefined;
  commands: RowCommands;
}

/**
 * The grid's picked rows and the menu of a row: handlers for the grid, the rows for the details
 * panel, and the menu while one is open.
 */
export function usePickedRows({ count, rowAt, commands }: PickedRowsInput) {
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const [menu, setMenu] = useState<{ index: number; at: { x: number; y: number } } | null>(null);
  const idAt = (index: number) => rowAt(index)?.id;
  // Found among the rows loaded now, wherever a re-sort or a refresh put them, as they are now.
  const picked: ContentRow[] = [];
  for (let index = 0; selection.ids.size > picked.length && index < count; index++) {
    const row = rowAt(index);
    if (row && selection.ids.has(row.id)) picked.push(row);
  }

  /** What an action on row `index` acts on: the picked rows if it is one of them, else just it (which becomes the pick). */
  const targetOf = (index: number): ContentRow[] => {
    const row = rowAt(index);
    if (!row) return [];
    if (selection.ids.has(row.id)) return picked;
    setSelection(select(selection, index, 'only', idAt));
    return [row];
  };

  const handlers: RowHandlers = {
    isSelected: (index) => {
      const id = idAt(index);
      return id !== undefined && selection.ids.has(id);
    },
    onSelect: (index, mode) => setSelection((current) => select(current, index, mode, idAt)),
    onSelectAll: () => setSelection(selectAll(count, idAt)),
    onClear: () => setSelection(NO_SELECTION),
    onMenu: (index, at) => {
      if (targetOf(index).length) setMenu({ index, at });
    },
    onKeyAction: (index, action) => {
      const rows = targetOf(index);
      if (!rows.length) return;
      if (action === 'delete') commands.remove(rows);
      else commands.rename(rows[0]!);
    },
  };

  let menuElement: ReactNode = null;
  const menuRow = menu ? rowAt(menu.index) : undefined;
  if (menu && menuRow) {
    const rows = selection.ids.has(menuRow.id) ? picked : [menuRow];
    const many = rows.length > 1;
    const extra = many ? [] : (commands.more?.(menuRow) ?? []);
    const actions: MenuAction[] = [
      ...(many
        ? []
        : [
            { label: 'Open', run: () => commands.open(menuRow) },
            // A file's own actions (view, translate, download) come first; a folder's others after its basics.
            ...(menuRow.kind === 'item' ? extra : []),
            { label: 'Rename…', run: () => commands.rename(menuRow) },
          ]),
      ...(rows.every((row) => row.kind === 'folder') ? [{ label: 'Move…', run: () => commands.move(rows) }] : []),
      ...(many ? [] : [{ label: 'Copy ID', run: () => void navigator.clipboard?.writeText(menuRow.id) }]),
      ...(many || menuRow.kind === 'item' ? [] : extra),
      ...(many ? (commands.moreForMany?.(rows) ?? []) : []),
      ...(many && commands.downloadMany && downloadableRows(rows).length > 0
        ? [{ label: `Download ${downloadableRows(rows).length} as zip`, run: () => commands.downloadMany?.run(rows) }]
        : []),
      { label: many ? `Delete ${rows.length}` : 'Delete', run: () => commands.remove(rows), danger: true },
    ];
    menuElement = (
      <RowMenu
        label={many ? `${rows.length} selected` : `Actions for ${menuRow.name}`}
        at={menu.at}
        actions={actions}
        onClose={() => setMenu(null)}
      />
    );
  }

  return { handlers, picked, clear: () => setSelection(NO_SELECTION), menu: menuElement };
}

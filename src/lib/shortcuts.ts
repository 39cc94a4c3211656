/**
 * Every keyboard shortcut of the app, in one place: the `?` dialog lists this registry, and the
 * handlers of the global shortcuts read their key from it, so the list cannot drift from what works.
 */
export interface Shortcut {
  /** The keys as the person presses them, in order; `Mod` is Ctrl, or ⌘ on a Mac. */
  keys: readonly string[];
  description: string;
  /** Where it works. */
  where: string;
}

export const SHORTCUTS = {
  palette: {
    keys: ['Mod', 'K'],
    description:
      'Open the command palette: go to a hub, project, folder or recent item, or find a file of the project by name',
    where: 'Anywhere',
  },
  shortcuts: { keys: ['?'], description: 'List the keyboard shortcuts', where: 'Anywhere but a text field' },
  paletteMove: {
    keys: ['↑', '↓'],
    description: 'Move through the results; Enter opens one, Esc closes the palette',
    where: 'Command palette',
  },
  focusFilter: { keys: ['/'], description: 'Focus the filter', where: 'A folder, a bucket' },
  clearFilter: { keys: ['Esc'], description: 'Clear the filter', where: 'A folder’s filter' },
  folderGrid: {
    keys: ['↑', '↓', '←', '→'],
    description: 'Move through the rows and columns (Page Up/Down and Home/End too); Enter opens, Backspace goes up',
    where: 'A folder’s rows',
  },
  selectRow: {
    keys: ['Space'],
    description: 'Select or unselect the row; Shift+Space selects every row from the last one picked',
    where: 'A folder’s rows',
  },
  extendSelection: {
    keys: ['Shift', '↑/↓'],
    description: 'Move and add the next row to the selection',
    where: 'A folder’s rows',
  },
  // The grid reads the Control key itself, on a Mac too: ⌘+A stays the browser's select-all.
  selectAll: { keys: ['Ctrl', 'A'], description: 'Select every row', where: 'A folder’s rows' },
  clearSelection: { keys: ['Esc'], description: 'Clear the selection', where: 'A folder’s rows' },
  rename: { keys: ['F2'], description: 'Rename the row', where: 'A folder’s rows' },
  remove: {
    keys: ['Delete'],
    description: 'Delete the selected rows (or the row), after asking once',
    where: 'A folder’s rows',
  },
  rowMenu: {
    keys: ['Shift', 'F10'],
    description: 'Open the row’s menu (the Menu key too); ↑ ↓ Home End move in it, Esc closes it',
    where: 'A folder’s rows',
  },
  hubTree: {
    keys: ['↑', '↓', '←', '→'],
    description: 'Move through the tree, collapse and expand (Home and End jump to the ends); Enter opens',
    where: 'The sidebar tree',
  },
  objectTree: {
    keys: ['↑', '↓', '←', '→'],
    description:
      'Move through the model’s objects (Home and End too); Enter or Space selects, typing a name jumps to it',
    where: 'A model’s object tree',
  },
  resizePanel: {
    keys: ['←', '→'],
    description: 'Widen or narrow the panel; Home and End take it to its widest and narrowest',
    where: 'A panel’s divider',
  },
} as const satisfies Record<string, Shortcut>;

const MODIFIERS = ['Mod', 'Ctrl', 'Shift'];

/** Keys pressed together (a modifier and a key) read "Ctrl + A"; alternatives read "↑ ↓". */
export const isChord = (shortcut: Shortcut) => shortcut.keys.some((key) => MODIFIERS.includes(key));

/** What a key is called on this computer: `Mod` is ⌘ on a Mac and Ctrl elsewhere. */
export function keyLabel(key: string, mac = isMac()): string {
  if (key === 'Mod') return mac ? '⌘' : 'Ctrl';
  return key;
}

export function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
}

/** The person is typing: a key there is text, not a shortcut. */
export function isTypingIn(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

/** The event is `shortcut`'s last key, with Ctrl or ⌘ held when it says `Mod`, and nothing else it does not ask for. */
export function matchesShortcut(event: KeyboardEvent, shortcut: Shortcut): boolean {
  const key = shortcut.keys[shortcut.keys.length - 1]!;
  const wantsMod = shortcut.keys.includes('Mod');
  if (wantsMod !== (event.ctrlKey || event.metaKey) || event.altKey) return false;
  return event.key.toLowerCase() === key.toLowerCase();
}

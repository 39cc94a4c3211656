import { lazy, Suspense, useEffect, useState } from 'react';
import { SearchIcon } from '../../components/ui/icons';
import { isTypingIn, keyLabel, matchesShortcut, SHORTCUTS } from '../../lib/shortcuts';
import type { CurrentPlace, PalettePaths } from './targets';
import { useVisitRecorder } from './use-visit-recorder';

// The palette and the shortcut list load when first opened: the first screen's JavaScript has a budget.
const CommandPalette = lazy(() => import('./command-palette').then((module) => ({ default: module.CommandPalette })));
const ShortcutsDialog = lazy(() =>
  import('./shortcuts-dialog').then((module) => ({ default: module.ShortcutsDialog })),
);

type Open = 'none' | 'palette' | 'shortcuts';

/**
 * The app-wide keys: Ctrl/⌘+K opens (or closes) the command palette from anywhere, even a text field,
 * and `?` outside one lists the shortcuts. Also the top bar's button for the palette, for a mouse or a
 * phone, and the recorder of recent places.
 */
export function PaletteHost({ place, paths }: { place: CurrentPlace; paths: PalettePaths }) {
  const [open, setOpen] = useState<Open>('none');
  useVisitRecorder(place, paths);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (matchesShortcut(event, SHORTCUTS.palette)) {
        event.preventDefault();
        setOpen((now) => (now === 'palette' ? 'none' : 'palette'));
      } else if (matchesShortcut(event, SHORTCUTS.shortcuts) && !isTypingIn(event.target)) {
        event.preventDefault();
        setOpen('shortcuts');
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const close = () => setOpen('none');
  const paletteKeys = SHORTCUTS.palette.keys.map((key) => keyLabel(key));
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen('palette')}
        aria-keyshortcuts="Control+K Meta+K"
        title={`Go to… (${paletteKeys.join('+')})`}
        className="flex h-8 items-center gap-2 rounded-md border border-neutral-200 px-2 text-xs text-neutral-600 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-accent-500 dark:border-neutral-800 dark:text-neutral-300 dark:hover:bg-neutral-800"
      >
        <SearchIcon className="size-4" />
        <span className="max-md:sr-only">Go to…</span>
        <kbd className="font-mono max-md:hidden" aria-hidden="true">
          {paletteKeys.join(' ')}
        </kbd>
      </button>
      <Suspense fallback={null}>
        {open === 'palette' && <CommandPalette place={place} paths={paths} onClose={close} />}
        {open === 'shortcuts' && <ShortcutsDialog onClose={close} />}
      </Suspense>
    </>
  );
}

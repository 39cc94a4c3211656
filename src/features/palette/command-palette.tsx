import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { SearchIcon } from '../../components/ui/icons';
import { knownPlaces } from './known-places';
import { paletteGroups } from './palette-groups';
import { PaletteOption } from './palette-option';
import { useRecentPlaces } from './recent-places';
import type { CurrentPlace, PalettePaths, PaletteTarget } from './targets';
import { MIN_SEARCH_LENGTH, useFileSearch, type FileSearch } from './use-file-search';

export interface CommandPaletteProps {
  place: CurrentPlace;
  paths: PalettePaths;
  onClose: () => void;
}

/**
 * The command palette: a WAI-ARIA combobox whose listbox holds places to go to and files found by
 * name. Focus stays in the input; arrows move the active option, Enter opens it. It is a modal
 * <dialog>, so Esc closes it and focus goes back to where it was.
 */
export function CommandPalette({ place, paths, onClose }: CommandPaletteProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const recent = useRecentPlaces();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  // The cache as it was when the palette opened: rows do not move while the person reads them.
  const known = useMemo(() => knownPlaces(queryClient, paths), [queryClient, paths]);
  const search = useFileSearch(place, text, paths, true);
  const filesLabel = `Files in ${search.projectName ?? 'this project'}`;
  const groups = paletteGroups({ text, recent, known, files: search.files, filesLabel });
  const options = groups.flatMap((group) => group.options);
  const current = Math.min(active, Math.max(0, options.length - 1));
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    // The dialog leaves the page as it closes, before the browser would give focus back: do it here.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.open = true;
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  useEffect(() => {
    document.getElementById(optionId(current))?.scrollIntoView?.({ block: 'nearest' });
  });

  const choose = (target: PaletteTarget | undefined) => {
    if (!target) return;
    onClose();
    void navigate(target.path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!options.length) return;
    const moves: Partial<Record<string, () => number>> = {
      ArrowDown: () => (current + 1) % options.length,
      ArrowUp: () => (current - 1 + options.length) % options.length,
      PageDown: () => Math.min(options.length - 1, current + 8),
      PageUp: () => Math.max(0, current - 8),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setActive(move());
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(options[current]);
    }
  };

  let index = 0;
  return (
    <dialog
      ref={dialogRef}
      aria-label="Command palette"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="mx-auto mt-[12vh] w-[min(40rem,calc(100%-2rem))] overflow-hidden rounded-lg border border-neutral-200 bg-white p-0 text-neutral-900 shadow-2xl backdrop:bg-neutral-950/40 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100"
    >
      <div className="flex items-center gap-2 border-b border-neutral-200 px-3 dark:border-neutral-800">
        <SearchIcon className="size-4 shrink-0 text-neutral-500 dark:text-neutral-400" />
        <input
          role="combobox"
          aria-label="Go to a place or find a file by name"
          aria-expanded={options.length > 0}
          aria-controls={options.length ? `${id}-listbox` : undefined}
          aria-activedescendant={options.length ? optionId(current) : undefined}
          aria-autocomplete="list"
          aria-describedby={`${id}-status`}
          autoComplete="off"
          spellCheck={false}
          autoFocus
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          placeholder={
            place.projectId ? 'Go to a place, or find a file of this project…' : 'Go to a hub, project or folder…'
          }
          className="h-12 min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-neutral-500 dark:placeholder:text-neutral-400"
        />
      </div>
      {options.length > 0 && (
        <div
          id={`${id}-listbox`}
          role="listbox"
          aria-label="Places and files"
          className="max-h-[55vh] overflow-y-auto p-1"
        >
          {groups.map((group, groupIndex) => (
            <div key={group.label} role="group" aria-labelledby={`${id}-group-${groupIndex}`}>
              <div
                id={`${id}-group-${groupIndex}`}
                role="presentation"
                className="px-2 pt-2 pb-1 text-xs font-medium text-neutral-600 dark:text-neutral-300"
              >
                {group.label}
              </div>
              {group.options.map((target) => {
                const at = index++;
                return (
                  <PaletteOption
                    key={`${target.kind}:${target.id}`}
                    id={optionId(at)}
                    target={target}
                    active={at === current}
                    onPoint={() => setActive(at)}
                    onChoose={() => choose(target)}
                  />
                );
              })}
            </div>
          ))}
        </div>
      )}
      <p
        id={`${id}-status`}
        role="status"
        className="border-t border-neutral-200 px-3 py-2 text-xs text-neutral-600 dark:border-neutral-800 dark:text-neutral-300"
      >
        {statusText(search, text, Boolean(place.projectId))} Press ? outside a text field for every shortcut.
      </p>
    </dialog>
  );
}

function statusText(search: FileSearch, text: string, inProject: boolean): string {
  const where = search.projectName ?? 'this project';
  switch (search.status) {
    case 'off':
      if (!inProject) return 'Open a project to find its files by name.';
      return `Type ${MIN_SEARCH_LENGTH} letters or more to find files of ${where} by name.`;
    case 'waiting':
    case 'searching':
      return `Searching the files of ${where}…`;
    case 'failed':
      return `The search failed: ${search.error}`;
    case 'done':
      return search.files.length
        ? `${search.files.length} ${search.files.length === 1 ? 'file' : 'files'} found in ${where}.`
        : `No file of ${where} has a name like that.`;
  }
}

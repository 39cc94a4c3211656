import { useEffect, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';

export interface MenuAction {
  label: string;
  run: () => void;
  danger?: boolean;
}

interface RowMenuProps {
  label: string;
  at: { x: number; y: number };
  actions: MenuAction[];
  onClose: () => void;
}

const ITEM =
  'block w-full rounded px-3 py-1.5 text-left text-sm outline-none focus-visible:bg-accent-50 hover:bg-neutral-100 dark:hover:bg-neutral-800 dark:focus-visible:bg-accent-950';

/**
 * A row's actions where it was asked for: arrows move, Enter runs, Escape, Tab or a click elsewhere
 * closes and gives focus back to where it was.
 */
export function RowMenu({ label, at, actions, onClose }: RowMenuProps) {
  const ref = useRef<HTMLDivElement>(null);
  const returnTo = useRef<Element | null>(null);

  useEffect(() => {
    returnTo.current = document.activeElement;
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !ref.current?.contains(event.target)) onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      if (returnTo.current instanceof HTMLElement && returnTo.current.isConnected) returnTo.current.focus();
    };
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => items[(index + items.length) % items.length]?.focus();
    const keys: Record<string, () => void> = {
      ArrowDown: () => focus(at + 1),
      ArrowUp: () => focus(at - 1),
      Home: () => focus(0),
      End: () => focus(items.length - 1),
      Escape: onClose,
      Tab: onClose,
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    action();
  };

  // Kept inside the window: a menu opened near the right or bottom edge opens towards the middle.
  const left = Math.min(at.x, window.innerWidth - 200);
  const top = Math.min(at.y, window.innerHeight - actions.length * 34 - 16);
  return createPortal(
    <div
      ref={ref}
      role="menu"
      aria-label={label}
      onKeyDown={onKeyDown}
      style={{ left: Math.max(4, left), top: Math.max(4, top) }}
      className="fixed z-50 min-w-48 rounded-lg border border-neutral-200 bg-white p-1 shadow-xl dark:border-neutral-800 dark:bg-neutral-900"
    >
      {actions.map((action) => (
        <button
          key={action.label}
          type="button"
          role="menuitem"
          tabIndex={-1}
          onClick={() => {
            onClose();
            action.run();
          }}
          className={`${ITEM} ${action.danger ? 'text-red-700 dark:text-red-300' : 'text-neutral-800 dark:text-neutral-100'}`}
        >
          {action.label}
        </button>
      ))}
    </div>,
    document.body,
  );
}

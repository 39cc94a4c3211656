import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cx } from '../../lib/class-names';

export interface PopoverProps {
  /** The trigger's accessible name; it should contain the trigger's visible text. */
  label: string;
  trigger: ReactNode;
  triggerClassName?: string;
  children: (close: () => void) => ReactNode;
}

/**
 * A button that opens a panel below it. Escape and clicks elsewhere close it, and Escape gives focus
 * back to the button, as a disclosure should.
 */
export function Popover({ label, trigger, triggerClassName, children }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        className={cx('focus-visible:outline-2 focus-visible:outline-accent-500', triggerClassName)}
      >
        {trigger}
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute right-0 z-40 mt-1.5 w-72 rounded-lg border border-neutral-200 bg-white p-1 shadow-lg dark:border-neutral-800 dark:bg-neutral-900"
        >
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}

import { useEffect, type RefObject } from 'react';
import { isTypingIn, matchesShortcut, SHORTCUTS } from './shortcuts';

/** `/` (SHORTCUTS.focusFilter) focuses `target` from anywhere on the page, unless the person is already typing somewhere. */
export function useSlashFocus(target: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!matchesShortcut(event, SHORTCUTS.focusFilter) || isTypingIn(event.target)) return;
      event.preventDefault();
      target.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [target]);
}

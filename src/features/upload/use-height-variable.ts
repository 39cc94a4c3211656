import { useEffect, type RefObject } from 'react';

/** Publishes an element's height (plus its gap) as a CSS variable on the page, so other layers can keep clear of it. */
export function useHeightAsCssVariable(ref: RefObject<HTMLElement | null>, name: string, shown: boolean) {
  useEffect(() => {
    const root = document.documentElement.style;
    const element = ref.current;
    if (!shown || !element) return;
    const publish = () => root.setProperty(name, `${element.getBoundingClientRect().height + 8}px`);
    publish();
    // jsdom and very old browsers have no ResizeObserver: the first height is then kept.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.removeProperty(name);
    };
  }, [ref, name, shown]);
}

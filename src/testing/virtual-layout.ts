import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom lays nothing out, so a virtualized list would render no rows. This gives scroll containers
 * (elements with role grid) a height for the tests that need one.
 */
export function useVirtualLayout(height = 360) {
  const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.getAttribute('role') === 'grid' ? height : 0;
      },
    });
  });
  afterAll(() => {
    if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
  });
}

/** Scrolls an element as a person would, by moving it and firing the scroll event. */
export function scrollElement(element: Element, top: number) {
  element.scrollTop = top;
  element.dispatchEvent(new Event('scroll'));
}

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { SplitPane } from './split-pane';

const KEY = 'test.side-width';

describe('SplitPane', () => {
  beforeEach(() => localStorage.clear());

  it('widens and narrows the side pane from the keyboard, within its limits, and remembers the width', async () => {
    const user = userEvent.setup();
    const { unmount } = render(
      <SplitPane
        main={<p>Model</p>}
        side={<p>Properties</p>}
        sideLabel="the properties"
        storageKey={KEY}
        defaultWidth={400}
        minWidth={300}
      />,
    );
    const separator = screen.getByRole('separator', { name: 'Resize the properties' });
    expect(separator).toHaveAttribute('aria-valuenow', '400');
    separator.focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(separator).toHaveAttribute('aria-valuenow', '448');
    await user.keyboard('{ArrowRight}');
    expect(separator).toHaveAttribute('aria-valuenow', '424');
    await user.keyboard('{End}');
    expect(separator).toHaveAttribute('aria-valuenow', '300');
    await user.keyboard('{ArrowRight}');
    expect(separator).toHaveAttribute('aria-valuenow', '300');
    await user.keyboard('{ArrowLeft}');
    unmount();

    render(
      <SplitPane
        main={<p>Model</p>}
        side={<p>Properties</p>}
        sideLabel="the properties"
        storageKey={KEY}
        defaultWidth={400}
        minWidth={300}
      />,
    );
    expect(screen.getByRole('separator', { name: 'Resize the properties' })).toHaveAttribute('aria-valuenow', '324');
  });

  it('keeps the main pane (the 3D view) at least as wide as the side pane: at 1024 px it was narrower than the tree', () => {
    // A 1024 px window leaves the panes about 720 px beside the sidebar; jsdom measures nothing, so say so.
    const width = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 720 });
    const observers: Array<() => void> = [];
    globalThis.ResizeObserver = class {
      constructor(private readonly callback: () => void) {}
      observe() {
        observers.push(this.callback);
      }
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    try {
      render(<SplitPane main={<p>Model</p>} side={<p>Properties</p>} sideLabel="the properties" storageKey={KEY} />);
      act(() => observers.forEach((notify) => notify()));
      const separator = screen.getByRole('separator', { name: 'Resize the properties' });
      expect(separator).toHaveAttribute('aria-valuemax', '360');
      expect(separator).toHaveAttribute('aria-valuenow', '360');
    } finally {
      if (width) Object.defineProperty(HTMLElement.prototype, 'clientWidth', width);
      Reflect.deleteProperty(globalThis, 'ResizeObserver');
    }
  });
});

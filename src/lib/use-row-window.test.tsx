import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRowWindow } from './use-row-window';

function scroller(height: number) {
  const element = document.createElement('div');
  Object.defineProperty(element, 'clientHeight', { value: height });
  return { current: element };
}

describe('useRowWindow', () => {
  it('renders the rows on screen plus the overscan, below a sticky header', () => {
    const scrollRef = scroller(360);
    const { result } = renderHook(() =>
      useRowWindow({ count: 5000, rowHeight: 36, overscan: 2, headerHeight: 32, scrollRef }),
    );
    expect(result.current).toMatchObject({ first: 0, last: 12, totalHeight: 180_000 });

    act(() => {
      scrollRef.current.scrollTop = 32 + 100 * 36;
      scrollRef.current.dispatchEvent(new Event('scroll'));
    });
    expect(result.current).toMatchObject({ first: 98, last: 112 });
  });

  it('scrolls just enough to show a row whole, whichever side it is on', () => {
    const scrollRef = scroller(360);
    const { result } = renderHook(() =>
      useRowWindow({ count: 100, rowHeight: 36, overscan: 0, headerHeight: 32, scrollRef }),
    );
    act(() => result.current.scrollToIndex(99));
    // Row 99 ends at 32 + 100 × 36 = 3632: its bottom meets the bottom of the 360 px view.
    expect(scrollRef.current.scrollTop).toBe(3632 - 360);
    expect(result.current.last).toBe(99);
    act(() => result.current.scrollToIndex(10));
    expect(scrollRef.current.scrollTop).toBe(360);
    expect(result.current.first).toBe(10);
  });
});

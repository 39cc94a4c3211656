import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart, loadOnce, usePreloadWhenIdle } from './load-once';

describe('loadOnce', () => {
  it('imports once for every caller', async () => {
    const load = vi.fn(() => Promise.resolve('chunk'));
    const once = loadOnce(load);
    expect(await Promise.all([once(), once()])).toEqual(['chunk', 'chunk']);
    expect(await once()).toBe('chunk');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed import, so the next call tries again', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue('chunk');
    const once = loadOnce(load);
    await expect(once()).rejects.toThrow('Failed to fetch');
    expect(await once()).toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyPart', () => {
  it('renders the loaded component, fetched once whether preloaded or rendered', async () => {
    const load = vi.fn(() => Promise.resolve(({ title }: { title: string }) => <h2>{title}</h2>));
    const Part = lazyPart(load);
    await Part.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Part title="Details" />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Details' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('usePreloadWhenIdle', () => {
  it('starts every loader after the first render, once, and ignores a failure', async () => {
    const first = vi.fn(() => Promise.resolve('a'));
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    function Page() {
      usePreloadWhenIdle(first, failing);
      return <p>Page</p>;
    }
    const view = render(<Page />);
    expect(first).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(failing).toHaveBeenCalledTimes(1));
    expect(first).toHaveBeenCalledTimes(1);
    view.rerender(<Page />);
    expect(first).toHaveBeenCalledTimes(1);
  });
});

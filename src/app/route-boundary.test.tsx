import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { lazyPart } from '../lib/load-once';
import { RouteBoundary } from './route-boundary';

function Broken(): never {
  throw new Error('The folder answer had no data.');
}

function app(page: React.ReactNode, url = '/broken') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <nav>
        <Link to="/fine">Elsewhere</Link>
      </nav>
      <RouteBoundary fallback={<p>Loading the page</p>}>
        <Routes>
          <Route path="/broken" element={page} />
          <Route path="/fine" element={<h1>Fine page</h1>} />
        </Routes>
      </RouteBoundary>
    </MemoryRouter>,
  );
}

describe('RouteBoundary', () => {
  it('shows a page that fails to render as an error in its place, and forgets it at the next address', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    app(<Broken />);
    expect(screen.getByRole('heading', { name: 'This page could not be shown' })).toBeInTheDocument();
    expect(screen.getByText(/The folder answer had no data/)).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Fine page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'This page could not be shown' })).toBeNull();
  });

  it('shows the fallback while a page’s chunk loads, and an error when it cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail: (error: Error) => void = () => undefined;
    const Page = lazyPart(() => new Promise<React.ComponentType>((_, reject) => (fail = reject)));
    app(<Page />);
    expect(screen.getByText('Loading the page')).toBeInTheDocument();
    fail(new TypeError('Failed to fetch dynamically imported module: /assets/folder-route.js'));
    expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Try again|Retry/ })).toBeInTheDocument();
  });
});

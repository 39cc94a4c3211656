import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate, useSearchParams } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useSearchUpdate } from './use-search-update';

/** A page whose dialog lives in `?dialog=1`, opened and closed as the model page does its Translate dialog. */
function Page() {
  const [search] = useSearchParams();
  const update = useSearchUpdate();
  const navigate = useNavigate();
  return (
    <>
      <p>Page with {search.get('tab') ?? 'no tab'}</p>
      <button onClick={() => update({ tab: 'manifest' })}>Manifest tab</button>
      <button onClick={() => void navigate(-1)}>Back</button>
      {search.get('dialog') === '1' && (
        <div role="dialog" aria-label="Translate">
          <button onClick={() => update({ dialog: null }, { replace: true })}>Start</button>
        </div>
      )}
    </>
  );
}

describe('useSearchUpdate', () => {
  it('closes a dialog without a history entry, so Back leaves the page instead of reopening it', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/?tab=folder', '/?dialog=1']} initialIndex={1}>
        <Page />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Page with folder')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps ordinary changes, such as a tab, in history', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/']}>
        <Page />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Manifest tab' }));
    expect(screen.getByText('Page with manifest')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Page with no tab')).toBeInTheDocument();
  });
});

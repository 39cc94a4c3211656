import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ModelViews } from './model-views';

const VIEWS = [
  { name: '3D', role: '3d' as const, guid: 'view-3d' },
  { name: 'Ground floor plan', role: '2d' as const, guid: 'view-2d' },
];

describe('ModelViews', () => {
  it('lets the person switch between the model’s views', async () => {
    const onChange = vi.fn();
    render(<ModelViews views={VIEWS} selected="view-3d" onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'View' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['3D', 'Ground floor plan (2D)']);
    await userEvent.setup().selectOptions(select, 'Ground floor plan (2D)');
    expect(onChange).toHaveBeenCalledWith('view-2d');
  });

  it('names a single view without offering a choice', () => {
    render(<ModelViews views={VIEWS.slice(0, 1)} selected="view-3d" onChange={vi.fn()} />);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByText('View: 3D')).toBeInTheDocument();
  });
});

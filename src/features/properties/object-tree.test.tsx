import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ObjectTreeNode } from '../../../contracts/model-derivative';
import { ObjectTree } from './object-tree';

const CART: ObjectTreeNode[] = [
  {
    objectid: 1,
    name: 'Cart',
    objects: [
      { objectid: 2, name: 'Chassis' },
      {
        objectid: 3,
        name: 'Front axle',
        objects: [
          { objectid: 4, name: 'Left wheel' },
          {
            objectid: 5,
            name: 'Hub',
            objects: [
              { objectid: 6, name: 'Bolt' },
              { objectid: 7, name: 'Nut' },
            ],
          },
        ],
      },
      { objectid: 8, name: 'Rear axle', objects: [{ objectid: 9, name: 'Right wheel' }] },
    ],
  },
];

/** The tree with its selection kept by a parent, as the model page keeps it; `pick` stands for a pick made in 3D. */
function Harness({ onSelect }: { onSelect: (id: number) => void }) {
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <>
      <button type="button" onClick={() => setSelected(7)}>
        Pick the nut in 3D
      </button>
      <ObjectTree
        nodes={CART}
        selectedId={selected}
        onSelect={(id) => {
          onSelect(id);
          setSelected(id);
        }}
      />
    </>
  );
}

function setup() {
  const onSelect = vi.fn();
  const user = userEvent.setup();
  render(<Harness onSelect={onSelect} />);
  const tree = screen.getByRole('tree', { name: 'Object tree' });
  const focused = () => document.activeElement?.textContent;
  const shown = () =>
    within(tree)
      .getAllByRole('treeitem')
      .map((item) => item.textContent);
  /** Tabs on until the focus is in the tree, as a person would reach it. */
  const tabIntoTree = async () => {
    for (let i = 0; i < 8 && !tree.contains(document.activeElement); i++) await user.tab();
  };
  return { user, onSelect, tree, focused, shown, tabIntoTree };
}

describe('ObjectTree from the keyboard (WAI-ARIA tree)', () => {
  it('is one tab stop; Up, Down, Home and End move through the rows on screen', async () => {
    const { user, focused, tabIntoTree } = setup();
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    await tabIntoTree();
    expect(focused()).toBe('Cart');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(focused()).toBe('Front axle');
    await user.keyboard('{ArrowUp}');
    expect(focused()).toBe('Chassis');
    await user.keyboard('{End}');
    expect(focused()).toBe('Right wheel');
    await user.keyboard('{Home}');
    expect(focused()).toBe('Cart');
    // Tab leaves the tree: it holds one stop, not one per row.
    await user.tab();
    expect(document.activeElement).toBe(document.body);
  });

  it('Right opens a branch, then goes to its first child; Left closes it, then goes to the parent', async () => {
    const { user, focused, shown, tree, tabIntoTree } = setup();
    await tabIntoTree();
    expect(focused()).toBe('Cart');
    expect(shown()).toEqual(['Cart', 'Chassis', 'Front axle', 'Left wheel', 'Hub', 'Rear axle', 'Right wheel']);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(focused()).toBe('Hub');
    expect(within(tree).getByRole('treeitem', { name: 'Hub' })).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowRight}');
    expect(within(tree).getByRole('treeitem', { name: 'Hub' })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowRight}');
    expect(focused()).toBe('Bolt');
    expect(within(tree).getByRole('treeitem', { name: 'Bolt' })).toHaveAttribute('aria-level', '4');
    await user.keyboard('{ArrowRight}');
    expect(focused()).toBe('Bolt');
    await user.keyboard('{ArrowLeft}');
    expect(focused()).toBe('Hub');
    await user.keyboard('{ArrowLeft}');
    expect(shown()).not.toContain('Bolt');
    await user.keyboard('{ArrowLeft}');
    expect(focused()).toBe('Front axle');
  });

  it("Enter and Space select; typing a name's start moves to it", async () => {
    const { user, onSelect, focused, tree } = setup();
    await user.click(within(tree).getByRole('treeitem', { name: 'Cart' }));
    expect(onSelect).toHaveBeenLastCalledWith(1);
    await user.keyboard('r');
    expect(focused()).toBe('Rear axle');
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(8);
    expect(within(tree).getByRole('treeitem', { name: 'Rear axle' })).toHaveAttribute('aria-selected', 'true');
    // The same letter again goes on to the next row it starts, round past the end.
    await user.keyboard('r');
    expect(focused()).toBe('Right wheel');
    await user.keyboard('r');
    expect(focused()).toBe('Rear axle');
    await user.keyboard('{ArrowUp}{ArrowUp} ');
    expect(onSelect).toHaveBeenLastCalledWith(4);
  });

  it('a pick made in 3D opens the way to it, through branches closed by hand, and becomes the tab stop', async () => {
    const { user, shown, tree, focused, tabIntoTree } = setup();
    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(shown()).toEqual(['Cart']);
    await user.click(screen.getByRole('button', { name: 'Pick the nut in 3D' }));
    expect(shown()).toEqual(['Cart', 'Chassis', 'Front axle', 'Left wheel', 'Hub', 'Bolt', 'Nut', 'Rear axle']);
    expect(within(tree).getByRole('treeitem', { name: 'Nut' })).toHaveAttribute('aria-selected', 'true');
    expect(within(tree).getByRole('treeitem', { name: 'Nut' })).toHaveAttribute('tabindex', '0');
    await tabIntoTree();
    expect(focused()).toBe('Nut');
    await user.keyboard('{ArrowLeft}');
    expect(focused()).toBe('Hub');
  });
});

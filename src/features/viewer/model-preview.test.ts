import { describe, expect, it } from 'vitest';
import type { ObjectTreeNode } from '../../../contracts/model-derivative';
import { manifest, svf2 } from '../../testing/md-fixtures';
import { viewableGlb, withDescendants } from './model-preview';

const TREE: ObjectTreeNode[] = [
  {
    objectid: 1,
    name: 'Cart',
    objects: [
      {
        objectid: 2,
        name: 'Axle',
        objects: [
          { objectid: 3, name: 'Wheel' },
          { objectid: 4, name: 'Hub', objects: [{ objectid: 5, name: 'Bolt' }] },
        ],
      },
      { objectid: 6, name: 'Chassis' },
    ],
  },
];

describe('withDescendants', () => {
  it('selects an assembly as its parts, however deep', () => {
    expect([...withDescendants(TREE, 2)].sort()).toEqual([2, 3, 4, 5]);
    expect([...withDescendants(TREE, 5)]).toEqual([5]);
    expect(withDescendants(TREE, null).size).toBe(0);
    // An id the tree lacks (the tree still loading) is still the selection.
    expect([...withDescendants([], 7)]).toEqual([7]);
  });
});

describe('viewableGlb', () => {
  it("finds a view's GLB in an svf-only manifest as in an svf2 one (the platform makes the same viewable for both)", () => {
    const viewable = svf2();
    const view = viewable.children.find((child) => child.type === 'geometry')!;
    const graphics = viewableGlb(manifest([viewable]), view.guid);
    expect(graphics?.role).toBe('graphics');
    expect(viewableGlb(manifest([{ ...viewable, outputType: 'svf' }]), view.guid)).toEqual(graphics);
    expect(viewableGlb(manifest([{ ...viewable, outputType: 'obj' }]), view.guid)).toBeNull();
  });
});

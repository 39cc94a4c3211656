import { describe, expect, it } from 'vitest';
import type { ModelObject, ReadModel } from '../model';
import { buildPropertyDatabase } from './properties';
import { smallBuilding } from './test-models';

describe('buildPropertyDatabase', () => {
  it('keeps every object with its own property groups, in Model Derivative\'s shape', () => {
    const database = buildPropertyDatabase(smallBuilding(), ['view-1']);
    expect(database.version).toBe(1);
    expect(database.objects).toHaveLength(8);
    expect(database.objects[4]).toEqual({
      objectid: 5,
      name: 'Wall A',
      externalId: 'ext-5',
      properties: { Identity: { Name: 'Wall A', Category: 'Wall' }, Dimensions: { Volume: '5.000 m³' } },
    });
  });

  it('builds the tree from parent links, children in source order, the same for every view', () => {
    const database = buildPropertyDatabase(smallBuilding(), ['a', 'b']);
    expect(Object.keys(database.trees)).toEqual(['a', 'b']);
    expect(database.trees.a).toEqual([
      {
        objectid: 1,
        name: 'Project',
        objects: [
          { objectid: 2, name: 'Ground floor', objects: [{ objectid: 4, name: 'Slab' }, { objectid: 5, name: 'Wall A' }] },
          { objectid: 3, name: 'First floor', objects: [{ objectid: 6, name: 'Wall/B "north"' }, { objectid: 7, name: 'Window' }] },
          { objectid: 8, name: 'Roof' },
        ],
      },
    ]);
    expect(database.trees.b).toEqual(database.trees.a);
  });

  it('keeps objects with a missing parent or in a cycle as roots instead of losing them', () => {
    const object = (dbId: number, parent?: number): ModelObject => ({
      dbId, name: `o${dbId}`, externalId: String(dbId), category: 'Part', properties: {}, meshes: [], ...(parent === undefined ? {} : { parent }),
    });
    const model: ReadModel = { sourceFormat: 'TEST', objects: [object(1, 99), object(2, 3), object(3, 2), object(4, 4)], warnings: [] };
    const tree = buildPropertyDatabase(model, ['v']).trees.v ?? [];
    expect(tree.map((node) => node.objectid)).toEqual([1, 4, 2]);
    expect(tree[2]).toEqual({ objectid: 2, name: 'o2', objects: [{ objectid: 3, name: 'o3' }] });
  });
});

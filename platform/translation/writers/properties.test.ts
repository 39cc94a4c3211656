import { describe, expect, it } from 'vitest';
import type { ModelObject, ReadModel } from '../model';
import { buildPropertyDatabase, measureText, PropertyPreparation, writePropertyDatabase } from './properties';
import { smallBuilding } from '../../testing/translation/models';

describe('buildPropertyDatabase', () => {
  it("keeps every object with its own property groups, in Model Derivative's shape", () => {
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

  it('serves numbers whose unit the source states as Model Derivative does, "0.609 m", without float noise; others stay numbers', () => {
    const door: ModelObject = {
      dbId: 1,
      name: 'Door',
      externalId: 'd',
      category: 'IfcDoor',
      meshes: [],
      properties: {
        'Identity Data': { Name: 'Door', Elevation: 0.6090000000000002 },
        BaseQuantities: { Width: 0.9, Area: 1.8900000000000001, Count: 2 },
        Pset_DoorCommon: { FireRating: 'EI30', IsExternal: false },
      },
      propertyUnits: { 'Identity Data': { Elevation: 'm' }, BaseQuantities: { Width: 'm', Area: 'm²' } },
    };
    const model: ReadModel = { sourceFormat: 'TEST', objects: [door], warnings: [] };
    const [entry] = buildPropertyDatabase(model, ['v']).objects;
    expect(entry?.properties).toEqual({
      'Identity Data': { Name: 'Door', Elevation: '0.609 m' },
      BaseQuantities: { Width: '0.9 m', Area: '1.89 m²', Count: 2 },
      Pset_DoorCommon: { FireRating: 'EI30', IsExternal: false },
    });
    expect(door.properties['BaseQuantities']?.['Width']).toBe(0.9);
    expect(measureText(123456.78901234567, 'mm')).toBe('123456.789012 mm');
    expect(measureText(1e-9, 'm')).toBe('1e-9 m');
    expect(JSON.parse(new TextDecoder().decode(writePropertyDatabase(model, ['v'])))).toEqual(
      buildPropertyDatabase(model, ['v']),
    );
  });

  it('builds the tree from parent links, children in source order, the same for every view', () => {
    const database = buildPropertyDatabase(smallBuilding(), ['a', 'b']);
    expect(Object.keys(database.trees)).toEqual(['a', 'b']);
    expect(database.trees.a).toEqual([
      {
        objectid: 1,
        name: 'Project',
        objects: [
          {
            objectid: 2,
            name: 'Ground floor',
            objects: [
              { objectid: 4, name: 'Slab' },
              { objectid: 5, name: 'Wall A' },
            ],
          },
          {
            objectid: 3,
            name: 'First floor',
            objects: [
              { objectid: 6, name: 'Wall/B "north"' },
              { objectid: 7, name: 'Window' },
            ],
          },
          { objectid: 8, name: 'Roof' },
        ],
      },
    ]);
    expect(database.trees.b).toEqual(database.trees.a);
  });

  it('keeps objects with a missing parent or in a cycle as roots instead of losing them', () => {
    const object = (dbId: number, parent?: number): ModelObject => ({
      dbId,
      name: `o${dbId}`,
      externalId: String(dbId),
      category: 'Part',
      properties: {},
      meshes: [],
      ...(parent === undefined ? {} : { parent }),
    });
    const model: ReadModel = {
      sourceFormat: 'TEST',
      objects: [object(1, 99), object(2, 3), object(3, 2), object(4, 4)],
      warnings: [],
    };
    const tree = buildPropertyDatabase(model, ['v']).trees.v ?? [];
    expect(tree.map((node) => node.objectid)).toEqual([1, 4, 2]);
    expect(tree[2]).toEqual({ objectid: 2, name: 'o2', objects: [{ objectid: 3, name: 'o3' }] });
  });
});

describe('writePropertyDatabase', () => {
  const decoded = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

  it('writes the database as JSON, the same bytes whether entries were serialized ahead or not', () => {
    const model = smallBuilding();
    const expected = JSON.stringify(buildPropertyDatabase(model, ['a', 'b']));
    expect(decoded(writePropertyDatabase(model, ['a', 'b']))).toBe(expected);
    const preparation = new PropertyPreparation();
    preparation.prepare(model.objects.slice(0, 5));
    expect(decoded(writePropertyDatabase(model, ['a', 'b'], preparation))).toBe(expected);
  });

  it('uses an entry serialized ahead for the object it was made from, and serializes objects added later', () => {
    const model = smallBuilding();
    const preparation = new PropertyPreparation();
    preparation.prepare(model.objects);
    const late: ModelObject = {
      dbId: 9,
      name: 'Late',
      externalId: 'ext-9',
      category: 'Proxy',
      properties: { Identity: { Name: 'Late' } },
      meshes: [],
    };
    const written = JSON.parse(
      decoded(writePropertyDatabase({ ...model, objects: [...model.objects, late] }, ['v'], preparation)),
    ) as ReturnType<typeof buildPropertyDatabase>;
    expect(written.objects.map((entry) => entry.objectid)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(written.objects[8]).toEqual({
      objectid: 9,
      name: 'Late',
      externalId: 'ext-9',
      properties: { Identity: { Name: 'Late' } },
    });
    expect(preparation.entry(model.objects[0] as ModelObject)).toBe(preparation.entry(model.objects[0] as ModelObject));
  });
});

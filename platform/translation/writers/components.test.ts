import { describe, expect, it } from 'vitest';
import type { ModelObject, ReadModel } from '../model';
import { componentsOf } from './components';
import { boxMesh } from '../../testing/translation/models';

const part = (dbId: number, name: string): ModelObject => ({
  dbId,
  name,
  externalId: String(dbId),
  category: 'Part',
  properties: {},
  meshes: [boxMesh([0, 0, 0], [1, 1, 1], [1, 1, 1, 1])],
});

describe('componentsOf', () => {
  it('gives each object with geometry a file name that is safe on any disk and unique even where case is ignored', () => {
    const model: ReadModel = {
      sourceFormat: 'TEST',
      warnings: [],
      objects: [
        part(1, 'Bolt M6'),
        part(2, 'bolt m6'),
        part(3, 'Bolt M6'),
        part(4, '../../etc/passwd'),
        part(5, 'Façade – Süd'),
        part(6, '壁'),
        part(7, 'CON'),
        part(8, '.hidden'),
        part(9, 'Bolt_M6_2'),
        { ...part(10, 'Group without geometry'), meshes: [] },
      ],
    };
    expect(componentsOf(model).map(({ object, fileName }) => [object.dbId, fileName])).toEqual([
      [1, 'Bolt_M6'],
      [2, 'bolt_m6_2'],
      [3, 'Bolt_M6_3'],
      [4, 'etc_passwd'],
      [5, 'Facade_Sud'],
      [6, 'object_6'],
      [7, 'object_7'],
      [8, 'hidden'],
      [9, 'Bolt_M6_2_9'],
    ]);
  });
});

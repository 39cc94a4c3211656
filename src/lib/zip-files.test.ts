import { describe, expect, it } from 'vitest';
import { uniquePaths } from './zip-files';

describe('uniquePaths', () => {
  it('numbers a repeated name, whatever its case, and leaves the first as it is', () => {
    expect(uniquePaths(['plan.ifc', 'Plan.IFC', 'notes', 'notes', 'plan.ifc'])).toEqual([
      'plan.ifc',
      'Plan (2).IFC',
      'notes',
      'notes (2)',
      'plan (3).ifc',
    ]);
  });
});

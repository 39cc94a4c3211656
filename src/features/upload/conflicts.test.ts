import { describe, expect, it } from 'vitest';
import { conflictsOf, keepBothName, planNames } from './conflicts';

const existing = new Set(['plan.pdf', 'readme']);

describe('conflicts', () => {
  it('finds the names already in the folder, whatever their case', () => {
    expect(conflictsOf(['Plan.PDF', 'new.ifc', 'README'], existing)).toEqual(['Plan.PDF', 'README']);
  });

  it('keeps both by numbering the new name before its extension', () => {
    expect(keepBothName('plan.pdf', existing)).toBe('plan (2).pdf');
    expect(keepBothName('plan.pdf', new Set([...existing, 'plan (2).pdf']))).toBe('plan (3).pdf');
    expect(keepBothName('readme', existing)).toBe('readme (2)');
  });

  it('plans a batch by the choice made once for all of its conflicts', () => {
    const names = ['plan.pdf', 'model.ifc'];
    expect(planNames(names, existing, 'new-version')).toEqual([
      { name: 'plan.pdf', asVersion: true, skip: false },
      { name: 'model.ifc', asVersion: false, skip: false },
    ]);
    expect(planNames(names, existing, 'skip')[0]).toEqual({ name: 'plan.pdf', asVersion: false, skip: true });
    expect(planNames(names, existing, 'keep-both')[0]).toEqual({ name: 'plan (2).pdf', asVersion: false, skip: false });
  });

  it('does not let two files of the same batch take the same name', () => {
    expect(planNames(['a.txt', 'a.txt'], new Set(), 'keep-both').map((file) => file.name)).toEqual([
      'a.txt',
      'a (2).txt',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_BUNDLE_BYTES, zipProblem } from './use-bundle-upload';

describe('zipProblem', () => {
  it('takes a zip of up to 100 MB and says in words what is wrong with anything else', () => {
    expect(zipProblem({ name: 'bundle.ZIP', size: 10 })).toBeNull();
    expect(zipProblem({ name: 'main.mjs', size: 10 })).toBe(
      'main.mjs is not a zip: an appbundle is uploaded as a .zip of its files.',
    );
    expect(zipProblem({ name: 'big.zip', size: MAX_BUNDLE_BYTES + 1 })).toBe(
      'big.zip is larger than the 100 MB an appbundle may be.',
    );
    expect(zipProblem({ name: 'empty.zip', size: 0 })).toBe('empty.zip is empty.');
  });
});

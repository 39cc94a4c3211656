import { describe, expect, it } from 'vitest';
import { emptyBounds, extendBounds } from './geometry';

describe('extendBounds', () => {
  it('grows a box around points of any stride, and only the first `count` of them', () => {
    const box = extendBounds(emptyBounds(), new Float32Array([1, 5, -2, 3, -1, 4, 2, 2, 2]));
    expect(box).toEqual({ min: [1, -1, -2], max: [3, 5, 4] });
    const padded = new Int16Array([10, -3, 7, 99, -4, 8, 0, 99, 500, 500, 500, 99]);
    expect(extendBounds(emptyBounds(), padded, 4, 2)).toEqual({ min: [-4, -3, 0], max: [10, 8, 7] });
  });

  it('keeps growing the box it is given, in place', () => {
    const box = extendBounds(emptyBounds(), [0, 0, 0]);
    const { min, max } = box;
    extendBounds(box, [-1, 2, 3]);
    expect(min).toEqual([-1, 0, 0]);
    expect(max).toEqual([0, 2, 3]);
  });

  it('skips a NaN coordinate, as a damaged file leaves in a vertex no triangle uses', () => {
    const box = extendBounds(emptyBounds(), new Float32Array([1, 1, 1, Number.NaN, 9, Number.NaN, 2, 0, 3]));
    expect(box).toEqual({ min: [1, 0, 1], max: [2, 9, 3] });
  });
});

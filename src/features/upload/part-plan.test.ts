import { describe, expect, it } from 'vitest';
import { MAX_PARTS, MIN_PART_BYTES, partRange, planParts } from './part-plan';

const MiB = 1024 * 1024;

describe('planParts', () => {
  it('cuts a 200 MB file into 16 MiB parts with a shorter last one', () => {
    const size = 200 * 1000 * 1000;
    const plan = planParts(size);
    expect(plan).toEqual({ partSize: 16 * MiB, count: 12 });
    expect(partRange(plan, size, 12)).toEqual({ start: 11 * 16 * MiB, end: size });
  });

  it('sends a small or empty file as one part', () => {
    expect(planParts(10).count).toBe(1);
    expect(planParts(0).count).toBe(1);
  });

  it('never goes under the 5 MiB minimum, even when asked to', () => {
    expect(planParts(100 * MiB, 1 * MiB).partSize).toBe(MIN_PART_BYTES);
  });

  it('grows parts so a huge file stays within 10,000 of them', () => {
    const size = 500 * 1024 * MiB;
    const plan = planParts(size);
    expect(plan.count).toBeLessThanOrEqual(MAX_PARTS);
    expect(plan.partSize % MiB).toBe(0);
    expect(plan.partSize * plan.count).toBeGreaterThanOrEqual(size);
  });

  it('covers every byte exactly once', () => {
    const size = 50 * MiB + 3;
    const plan = planParts(size, 8 * MiB);
    let next = 0;
    for (let part = 1; part <= plan.count; part++) {
      const { start, end } = partRange(plan, size, part);
      expect(start).toBe(next);
      next = end;
    }
    expect(next).toBe(size);
  });
});

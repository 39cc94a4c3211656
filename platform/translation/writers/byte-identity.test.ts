import { describe, expect, it } from 'vitest';
import { ByteMemo } from './byte-identity';

const counted = () => {
  let made = 0;
  return { make: () => ++made, made: () => made };
};

describe('ByteMemo', () => {
  it('gives the same arrays, and arrays equal to them byte for byte, the value made first', () => {
    const memo = new ByteMemo<number>();
    const { make, made } = counted();
    const positions = new Int16Array([1, 2, 3, 4, 5, 6]);
    const indices = new Uint32Array([0, 1, 2]);
    expect(memo.get([positions, indices], make)).toBe(1);
    expect(memo.get([positions, indices], make)).toBe(1);
    expect(memo.get([new Int16Array(positions), new Uint32Array(indices)], make)).toBe(1);
    expect(made()).toBe(1);
  });

  it('makes a new value when any array differs, in length or in a single byte', () => {
    const memo = new ByteMemo<number>();
    const { make } = counted();
    const base = new Uint8Array(4099).map((_, i) => i % 251);
    expect(memo.get([base], make)).toBe(1);
    expect(memo.get([base.subarray(0, 4098)], make)).toBe(2);
    const changedOddByte = new Uint8Array(base);
    changedOddByte[4098] = (changedOddByte[4098] as number) ^ 1;
    expect(memo.get([changedOddByte], make)).toBe(3);
  });

  it('never reuses a value for bytes its sampled fingerprint does not read', () => {
    const memo = new ByteMemo<number>();
    const { make } = counted();
    const words = new Int32Array(4096).map((_, i) => i);
    expect(memo.get([words], make)).toBe(1);
    // Word 1 is skipped by the every-8th-word fingerprint of a long array: same key, different bytes.
    const unsampled = new Int32Array(words);
    unsampled[1] = -1;
    expect(memo.get([unsampled], make)).toBe(2);
    expect(memo.get([new Int32Array(unsampled)], make)).toBe(2);
  });

  it('compares bytes that are not word-aligned', () => {
    const memo = new ByteMemo<number>();
    const { make } = counted();
    const buffer = new Uint8Array(64).map((_, i) => i);
    expect(memo.get([buffer.subarray(1, 41)], make)).toBe(1);
    expect(memo.get([new Uint8Array(buffer.subarray(1, 41))], make)).toBe(1);
    expect(memo.get([buffer.subarray(2, 42)], make)).toBe(2);
  });
});

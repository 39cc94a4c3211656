import { describe, expect, it } from 'vitest';
import { SharedArena } from './shared-arena';

describe('SharedArena', () => {
  it('gives aligned arrays of shared memory that do not overlap', () => {
    const arena = new SharedArena(64);
    const floats = arena.floats(3);
    const ints = arena.uint32s(5);
    floats.fill(1.5);
    ints.fill(7);
    expect(floats.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(ints.buffer).toBe(floats.buffer);
    expect(ints.byteOffset).toBe(12);
    expect([...floats]).toEqual([1.5, 1.5, 1.5]);
    expect([...ints]).toEqual([7, 7, 7, 7, 7]);
  });

  it('starts a new chunk when one is full, and gives an array larger than a chunk its own', () => {
    const arena = new SharedArena(64);
    const first = arena.floats(10);
    const second = arena.floats(10);
    expect(second.buffer).not.toBe(first.buffer);
    expect(second.byteOffset).toBe(0);
    const large = arena.uint32s(100);
    expect(large.buffer.byteLength).toBe(400);
    expect(arena.floats(1).buffer).not.toBe(large.buffer);
  });

  it('grows its chunks from the first size to the largest, doubling', () => {
    const arena = new SharedArena(64, 16);
    const chunks = new Set<ArrayBufferLike>();
    // 16 bytes each: one fills the first chunk, two the second, four each one after.
    for (let i = 0; i < 11; i++) chunks.add(arena.floats(4).buffer);
    expect([...chunks].map((chunk) => chunk.byteLength)).toEqual([16, 32, 64, 64]);
  });
});

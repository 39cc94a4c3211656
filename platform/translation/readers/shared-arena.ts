/**
 * Typed arrays carved out of a few large SharedArrayBuffers: a thread that made them can post them to
 * another and both go on reading the same memory, without a copy or a transfer that would take it
 * away. One buffer per array would cost more than the arrays (Office_A has tens of thousands).
 */
export class SharedArena {
  private buffer = new SharedArrayBuffer(0);
  private used = 0;
  private nextChunkBytes: number;

  /**
   * Chunks grow from `firstChunkBytes` to `chunkBytes`, doubling: a small model (most are) then takes
   * fresh memory for what it holds, not 8 MB, whose page faults made its reading 20-50% slower here.
   */
  constructor(
    private readonly chunkBytes = 8 << 20,
    firstChunkBytes = 1 << 20,
  ) {
    this.nextChunkBytes = Math.min(firstChunkBytes, chunkBytes);
  }

  floats(count: number): Float32Array {
    const at = this.take(count * 4);
    return new Float32Array(this.buffer, at, count);
  }

  uint32s(count: number): Uint32Array {
    const at = this.take(count * 4);
    return new Uint32Array(this.buffer, at, count);
  }

  /** Where `bytes` more start (a multiple of 4, so every view stays aligned), in a fresh chunk when this one is full. */
  private take(bytes: number): number {
    if (this.used + bytes > this.buffer.byteLength) {
      this.buffer = new SharedArrayBuffer(Math.max(this.nextChunkBytes, bytes));
      this.nextChunkBytes = Math.min(this.nextChunkBytes * 2, this.chunkBytes);
      this.used = 0;
    }
    const at = this.used;
    this.used += bytes;
    return at;
  }
}

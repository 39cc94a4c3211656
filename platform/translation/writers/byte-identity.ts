/** Finding byte-for-byte copies: repeated parts of a model are stored and processed once. */

/** A cheap hash of the bytes with their length; a caller compares the bytes themselves before reusing anything. */
function fingerprint(bytes: Uint8Array): string {
  const words = bytes.byteOffset % 4 === 0 ? new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2) : new Int32Array(0);
  let hash = 0x811c9dc5;
  for (let i = 0; i < words.length; i++) hash = Math.imul(hash ^ (words[i] as number), 16777619);
  for (let i = words.length << 2; i < bytes.byteLength; i++) hash = Math.imul(hash ^ (bytes[i] as number), 16777619);
  return `${bytes.byteLength}.${hash >>> 0}`;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  const words = a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0 ? a.byteLength >> 2 : 0;
  const wordsA = new Int32Array(a.buffer, a.byteOffset, words);
  const wordsB = new Int32Array(b.buffer, b.byteOffset, words);
  for (let i = 0; i < words; i++) if (wordsA[i] !== wordsB[i]) return false;
  for (let i = words << 2; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
  return true;
}

const bytesOf = (array: ArrayBufferView) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

/** Values by the arrays they were made from: arrays equal byte for byte to earlier ones get the earlier value. */
export class ByteMemo<T> {
  private readonly entries = new Map<string, Array<{ bytes: Uint8Array[]; value: T }>>();

  get(arrays: ArrayBufferView[], make: () => T): T {
    const bytes = arrays.map(bytesOf);
    const key = bytes.map(fingerprint).join(':');
    const candidates = this.entries.get(key);
    const same = candidates?.find((candidate) => candidate.bytes.every((other, index) => equalBytes(other, bytes[index] as Uint8Array)));
    if (same) return same.value;
    const value = make();
    if (candidates) candidates.push({ bytes, value });
    else this.entries.set(key, [{ bytes, value }]);
    return value;
  }
}

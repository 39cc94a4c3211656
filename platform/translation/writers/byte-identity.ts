/** Finding byte-for-byte copies: repeated parts of a model are stored and processed once. */

// Past this many words a fingerprint hashes every 8th: copies are still found (their bytes are
// compared in full), for an eighth of the hashing of a model's megabytes of vertices.
const FULL_HASH_WORDS = 256;
const SAMPLE_STRIDE = 8;

/** A cheap hash of some of the bytes with their length, the same wherever they start; a caller compares the bytes themselves before reusing anything. */
function fingerprint(bytes: Uint8Array): string {
  const count = bytes.byteLength >> 2;
  // Words read straight from an Int32Array, which needs them aligned: bytes that are not (rare) are copied first.
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const words = new Int32Array(aligned.buffer, aligned.byteOffset, count);
  const stride = count > FULL_HASH_WORDS ? SAMPLE_STRIDE : 1;
  let hash = 0x811c9dc5;
  for (let i = 0; i < count; i += stride) hash = Math.imul(hash ^ (words[i] as number), 16777619);
  if (count) hash = Math.imul(hash ^ (words[count - 1] as number), 16777619);
  for (let i = count << 2; i < bytes.byteLength; i++) hash = Math.imul(hash ^ (bytes[i] as number), 16777619);
  return `${bytes.byteLength}.${hash >>> 0}`;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  let from = 0;
  if (a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0) {
    const words = a.byteLength >> 2;
    const wordsA = new Int32Array(a.buffer, a.byteOffset, words);
    const wordsB = new Int32Array(b.buffer, b.byteOffset, words);
    for (let i = 0; i < words; i++) if (wordsA[i] !== wordsB[i]) return false;
    from = words << 2;
  }
  for (let i = from; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The bytes of any typed array, without a copy. */
export const bytesOf = (array: ArrayBufferView) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

interface Entry<T> {
  arrays: ArrayBufferView[];
  bytes: Uint8Array[];
  value: T;
}

/** Values by the arrays they were made from: arrays equal byte for byte to earlier ones get the earlier value. */
export class ByteMemo<T> {
  private readonly entries = new Map<string, Array<Entry<T>>>();
  // A copy's result handed on (the packer is given the very arrays a copy's weld returned) is found without reading a byte.
  private readonly byFirstArray = new WeakMap<ArrayBufferView, Entry<T>>();

  get(arrays: ArrayBufferView[], make: () => T): T {
    const known = arrays[0] && this.byFirstArray.get(arrays[0]);
    if (known && known.arrays.length === arrays.length && known.arrays.every((array, index) => array === arrays[index]))
      return known.value;
    const bytes = arrays.map(bytesOf);
    const key = bytes.map(fingerprint).join(':');
    const candidates = this.entries.get(key);
    const same = candidates?.find((candidate) =>
      candidate.bytes.every((other, index) => equalBytes(other, bytes[index] as Uint8Array)),
    );
    if (same) return same.value;
    const entry = { arrays, bytes, value: make() };
    if (candidates) candidates.push(entry);
    else this.entries.set(key, [entry]);
    if (arrays[0]) this.byFirstArray.set(arrays[0], entry);
    return entry.value;
  }
}

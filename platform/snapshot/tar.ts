import { SnapshotError } from './snapshot-error';

/**
 * A plain ustar archive, written and read as a stream so that no blob is ever held whole in memory:
 * any `tar` lists and unpacks it. Sizes past ustar's 8 GiB use the GNU base-256 field, as GNU tar does.
 */
const BLOCK = 512;
const MAX_OCTAL_SIZE = 8 ** 11 - 1;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function putText(header: Uint8Array, offset: number, length: number, text: string): void {
  const bytes = encoder.encode(text);
  if (bytes.length > length) throw new Error(`tar field too long: ${text}`);
  header.set(bytes, offset);
}

const octal = (value: number, digits: number) => value.toString(8).padStart(digits, '0');

/** The 512-byte header of a regular file `name` of `size` bytes. */
export function tarHeader(name: string, size: number, mtime: Date): Uint8Array {
  const header = new Uint8Array(BLOCK);
  putText(header, 0, 100, name);
  putText(header, 100, 8, `${octal(0o644, 7)}\0`);
  putText(header, 108, 8, `${octal(0, 7)}\0`);
  putText(header, 116, 8, `${octal(0, 7)}\0`);
  if (size <= MAX_OCTAL_SIZE) putText(header, 124, 12, `${octal(size, 11)}\0`);
  else {
    header[124] = 0x80;
    let rest = BigInt(size);
    for (let index = 135; index > 124; index--, rest >>= 8n) header[index] = Number(rest & 0xffn);
  }
  putText(header, 136, 12, `${octal(Math.floor(mtime.getTime() / 1000), 11)}\0`);
  header.fill(0x20, 148, 156); // the checksum counts its own field as spaces
  header[156] = 0x30; // '0': a regular file
  putText(header, 257, 8, 'ustar\u000000');
  const sum = header.reduce((total, byte) => total + byte, 0);
  putText(header, 148, 8, `${octal(sum, 6)}\0 `);
  return header;
}

/** Zeros that bring an entry of `size` bytes to a whole block. */
export const tarPadding = (size: number): Uint8Array => new Uint8Array((BLOCK - (size % BLOCK)) % BLOCK);

/** Two zero blocks end an archive. */
export const tarEnd = (): Uint8Array => new Uint8Array(BLOCK * 2);

function parseSize(field: Uint8Array): number {
  if (field[0]! & 0x80) {
    let value = 0n;
    for (let index = 1; index < field.length; index++) value = (value << 8n) | BigInt(field[index]!);
    return Number(value);
  }
  const text = decoder.decode(field).replace(/[\0 ]+$/, '');
  if (!/^[0-7]+$/.test(text)) throw new SnapshotError('The archive is damaged: a tar header holds no valid size.');
  return parseInt(text, 8);
}

function parseHeader(header: Uint8Array): { name: string; size: number } | undefined {
  if (header.every((byte) => byte === 0)) return undefined;
  const stored = parseInt(decoder.decode(header.subarray(148, 156)).replace(/[\0 ]+/g, ''), 8);
  const copy = header.slice();
  copy.fill(0x20, 148, 156);
  if (copy.reduce((total, byte) => total + byte, 0) !== stored)
    throw new SnapshotError('The archive is damaged or is not a tar archive: a header checksum does not match.');
  const name = decoder.decode(header.subarray(0, 100)).replace(/\0.*$/s, '');
  return { name, size: parseSize(header.subarray(124, 136)) };
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; read it to the end (or not at all) before asking for the next entry. */
  body: AsyncGenerator<Uint8Array>;
}

/** Pulls exact byte counts out of a stream of chunks of any size. */
class ChunkReader {
  private pending: Uint8Array = new Uint8Array(0);
  constructor(private readonly source: AsyncIterator<Uint8Array>) {}

  private async more(): Promise<void> {
    const next = await this.source.next();
    if (next.done) throw new SnapshotError('The archive ends early: it was cut short while being copied or sent.');
    const joined = new Uint8Array(this.pending.length + next.value.length);
    joined.set(this.pending);
    joined.set(next.value, this.pending.length);
    this.pending = joined;
  }

  async exactly(count: number): Promise<Uint8Array> {
    while (this.pending.length < count) await this.more();
    const taken = this.pending.subarray(0, count);
    this.pending = this.pending.subarray(count);
    return taken;
  }

  /** `count` bytes as they arrive, without gathering them. */
  async *stream(count: number): AsyncGenerator<Uint8Array> {
    let left = count;
    while (left > 0) {
      if (!this.pending.length) {
        const next = await this.source.next();
        if (next.done) throw new SnapshotError('The archive ends early: it was cut short while being copied or sent.');
        this.pending = next.value;
      }
      const taken = this.pending.subarray(0, left);
      this.pending = this.pending.subarray(taken.length);
      left -= taken.length;
      yield taken;
    }
  }
}

/** The entries of a tar stream, in order; a damaged header or an early end throws `SnapshotError`. */
export async function* tarEntries(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<TarEntry> {
  const reader = new ChunkReader(chunks[Symbol.asyncIterator]());
  for (;;) {
    const header = parseHeader(await reader.exactly(BLOCK));
    if (!header) return;
    let consumed = 0;
    const body = (async function* () {
      for await (const chunk of reader.stream(header.size - consumed)) {
        consumed += chunk.length;
        yield chunk;
      }
    })();
    yield { ...header, body };
    // Whatever the consumer left unread is skipped, then the padding.
    for await (const chunk of reader.stream(header.size - consumed)) consumed += chunk.length;
    await reader.exactly(tarPadding(header.size).length);
  }
}

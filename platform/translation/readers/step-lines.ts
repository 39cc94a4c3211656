import { webIfc } from './web-ifc';
import { decodeIfcText } from './step-text';

/**
 * The entity instances of an IFC (STEP physical) file, read in JavaScript: one scan finds where each
 * `#id=TYPE(...)` starts, and an instance's attributes are parsed only when asked for. Reading
 * attributes through web-ifc crosses into wasm for every value (about 7 µs a line, 0.6 s for a
 * mid-size building's property sets); here the same line costs well under a microsecond.
 *
 * Attributes come in web-ifc's raw tape form, so web-ifc's own FromRawLineData builds the same
 * objects as its GetLine, and the readers work with either.
 */

export type RawAttribute = null | RawAttribute[] | { type: number; value?: unknown; typecode?: number };

const STRING = 1,
  TYPED = 2,
  ENUM = 3,
  REAL = 4,
  REF = 5,
  INTEGER = 10;

const CODE_BY_NAME = new Map<string, number>();
for (const [name, value] of Object.entries(webIfc))
  if (/^IFC[A-Z0-9]+$/.test(name) && typeof value === 'number') CODE_BY_NAME.set(name, value);

/** A type name (upper case) to the code instances are indexed under; undefined leaves the type out of the index. */
export type TypeCodes = (name: string) => number | undefined;
const ifcTypeCode: TypeCodes = (name) => CODE_BY_NAME.get(name);

const HASH = 0x23,
  EQUALS = 0x3d,
  OPEN = 0x28,
  CLOSE = 0x29,
  QUOTE = 0x27,
  SEMICOLON = 0x3b,
  COMMA = 0x2c,
  DOLLAR = 0x24,
  STAR = 0x2a,
  DOT = 0x2e,
  SLASH = 0x2f;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isNameChar = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || isDigit(c) || c === 0x5f;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** The same name, ignoring case, as `bytes[begin, end)`: compared in place, since a view per instance cost more than the scan. */
function sameName(name: Uint8Array, bytes: Uint8Array, begin: number, end: number): boolean {
  if (name.length !== end - begin) return false;
  for (let i = 0; i < name.length; i++)
    if (((name[i] as number) & 0xdf) !== ((bytes[begin + i] as number) & 0xdf)) return false;
  return true;
}

export class StepLines {
  /** Where each instance's `(` is and its type code, by express id: dense arrays for the usual ids, a map past them. */
  private starts: Int32Array;
  private codes: Uint32Array;
  private readonly sparse = new Map<number, { start: number; code: number }>();
  private readonly byType = new Map<number, number[]>();
  private readonly utf8 = new TextDecoder();
  /** The same bytes as a Buffer, whose latin1 slice makes short ASCII text several times cheaper than a decoder call or a spread. */
  private readonly latin1: Buffer;
  /** Type names met so far by a hash of their bytes: making a string of every instance's name was most of the scan. */
  private readonly names = new Map<number, { bytes: Uint8Array; code: number | undefined }>();

  /** `typeCodes` defaults to web-ifc's IFC type codes; other STEP schemas (AP214, AP242) bring their own. */
  constructor(
    private readonly bytes: Uint8Array,
    private readonly typeCodes: TypeCodes = ifcTypeCode,
  ) {
    this.latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.starts = new Int32Array(1024);
    this.codes = new Uint32Array(1024);
    this.index();
  }

  /** Express ids of every instance of one type (not its subtypes), in file order. */
  idsOfType(type: number): number[] {
    return this.byType.get(type) ?? [];
  }

  type(id: number): number | undefined {
    if (id < this.starts.length) return this.starts[id] ? this.codes[id] : undefined;
    return this.sparse.get(id)?.code;
  }

  private startOf(id: number): number | undefined {
    if (id < this.starts.length) return this.starts[id] || undefined;
    return this.sparse.get(id)?.start;
  }

  private remember(id: number, start: number, code: number): void {
    // Ids are about as many as the file has instances; one far beyond (hostile or odd) goes to the map.
    if (id >= this.starts.length && id < Math.max(1 << 20, this.bytes.length >> 2)) {
      let size = this.starts.length;
      while (size <= id) size *= 2;
      const starts = new Int32Array(size);
      starts.set(this.starts);
      const codes = new Uint32Array(size);
      codes.set(this.codes);
      this.starts = starts;
      this.codes = codes;
    }
    if (id < this.starts.length) {
      this.starts[id] = start;
      this.codes[id] = code;
    } else this.sparse.set(id, { start, code });
  }

  /** The instance's attributes in web-ifc's raw form; undefined for an id the file does not have. */
  attributes(id: number): RawAttribute[] | undefined {
    const at = this.startOf(id);
    if (at === undefined) return undefined;
    const cursor = { at: at + 1 };
    return this.list(cursor);
  }

  private index(): void {
    const { bytes } = this;
    const length = bytes.length;
    let i = 0;
    while (i < length) {
      const c = bytes[i] as number;
      if (c === QUOTE) i = this.skipString(i);
      else if (c === SLASH && bytes[i + 1] === STAR) i = this.skipComment(i);
      else if (c === HASH) i = this.indexInstance(i);
      else i++;
    }
  }

  private codeOf(begin: number, end: number): number | undefined {
    const { bytes } = this;
    let hash = 0x811c9dc5;
    for (let i = begin; i < end; i++) hash = Math.imul(hash ^ ((bytes[i] as number) & 0xdf), 16777619);
    const known = this.names.get(hash);
    if (known && sameName(known.bytes, bytes, begin, end)) return known.code;
    const name = bytes.subarray(begin, end);
    const code = this.typeCodes(String.fromCharCode(...name).toUpperCase());
    if (!known) this.names.set(hash, { bytes: name, code });
    return code;
  }

  /** `#id = NAME (` at the top level: remembers it and moves past its closing `;`. */
  private indexInstance(from: number): number {
    const { bytes } = this;
    let i = from + 1;
    let id = 0;
    while (isDigit(bytes[i] as number)) id = id * 10 + (bytes[i++] as number) - 0x30;
    while (isSpace(bytes[i] as number)) i++;
    if (bytes[i] !== EQUALS) return i;
    i++;
    while (isSpace(bytes[i] as number)) i++;
    const nameStart = i;
    while (isNameChar(bytes[i] as number)) i++;
    const code = this.codeOf(nameStart, i);
    while (isSpace(bytes[i] as number)) i++;
    if (bytes[i] !== OPEN) return i;
    if (code !== undefined && this.startOf(id) === undefined) {
      this.remember(id, i, code);
      const list = this.byType.get(code);
      if (list) list.push(id);
      else this.byType.set(code, [id]);
    }
    return this.endOfInstance(i);
  }

  /** Past the instance's closing `;`: a `;` inside a string does not count. */
  private endOfInstance(from: number): number {
    const { bytes } = this;
    const length = bytes.length;
    for (let i = from; i < length; i++) {
      const c = bytes[i] as number;
      if (c === SEMICOLON) return i + 1;
      if (c === QUOTE) i = this.skipString(i) - 1;
    }
    return length;
  }

  private skipString(from: number): number {
    const { bytes } = this;
    let i = from + 1;
    for (;;) {
      const quote = bytes.indexOf(QUOTE, i);
      if (quote === -1) return bytes.length;
      if (bytes[quote + 1] !== QUOTE) return quote + 1;
      i = quote + 2;
    }
  }

  private skipComment(from: number): number {
    const end = this.bytes.indexOf(SLASH, from + 2);
    let i = end;
    while (i !== -1 && this.bytes[i - 1] !== STAR) i = this.bytes.indexOf(SLASH, i + 1);
    return i === -1 ? this.bytes.length : i + 1;
  }

  /** A parenthesised list, the cursor just past its `(`; leaves the cursor past its `)`. */
  private list(cursor: { at: number }): RawAttribute[] {
    const { bytes } = this;
    const items: RawAttribute[] = [];
    for (;;) {
      while (isSpace(bytes[cursor.at] as number)) cursor.at++;
      const c = bytes[cursor.at];
      if (c === undefined) return items;
      if (c === CLOSE) {
        cursor.at++;
        return items;
      }
      if (c === COMMA) {
        cursor.at++;
        continue;
      }
      // web-ifc leaves derived attributes (`*`) out of the list altogether.
      if (c === STAR) cursor.at++;
      else items.push(this.value(cursor));
    }
  }

  private value(cursor: { at: number }): RawAttribute {
    const { bytes } = this;
    const c = bytes[cursor.at] as number;
    if (c === DOLLAR) {
      cursor.at++;
      return null;
    }
    if (c === OPEN) {
      cursor.at++;
      return this.list(cursor);
    }
    if (c === HASH) {
      let id = 0;
      cursor.at++;
      while (isDigit(bytes[cursor.at] as number)) id = id * 10 + (bytes[cursor.at++] as number) - 0x30;
      return { type: REF, value: id };
    }
    if (c === QUOTE) return { type: STRING, value: this.string(cursor) };
    if (c === DOT) {
      const closing = bytes.indexOf(DOT, cursor.at + 1);
      // An enumeration never closed runs to the end of the file, rather than sending the cursor back to its start.
      const end = closing === -1 ? bytes.length : closing;
      const text = this.ascii(cursor.at + 1, end);
      cursor.at = end + 1;
      // As web-ifc gives them: .T. and .F. as booleans, .U. (unknown) without a value.
      if (text === 'T' || text === 'F') return { type: ENUM, value: text === 'T' };
      return text === 'U' ? { type: ENUM } : { type: ENUM, value: text };
    }
    if (isNameChar(c) && !isDigit(c)) return this.typed(cursor);
    return this.number(cursor);
  }

  /** A typed value such as IFCLABEL('x'): web-ifc keeps the inner value and the type's code. */
  private typed(cursor: { at: number }): RawAttribute {
    const { bytes } = this;
    const nameStart = cursor.at;
    while (isNameChar(bytes[cursor.at] as number)) cursor.at++;
    const typecode = this.codeOf(nameStart, cursor.at) ?? 0;
    while (isSpace(bytes[cursor.at] as number)) cursor.at++;
    if (bytes[cursor.at] !== OPEN) return { type: TYPED, typecode, value: null };
    cursor.at++;
    const inner = this.list(cursor)[0];
    const value = inner && !Array.isArray(inner) ? inner.value : (inner ?? null);
    return { type: TYPED, typecode, value };
  }

  private number(cursor: { at: number }): RawAttribute {
    const { bytes } = this;
    const begin = cursor.at;
    let real = false;
    let signed = false;
    let integer = 0,
      digits = 0;
    for (;;) {
      const c = bytes[cursor.at] as number;
      // Nine digits at most: more (a date in seconds) overflowed V8's small integers, deoptimising the reader.
      if (isDigit(c)) integer = ++digits <= 9 ? integer * 10 + c - 0x30 : integer;
      else if (c === DOT || c === 0x45 || c === 0x65) real = true;
      else if (c === 0x2d || c === 0x2b) signed = true;
      else break;
      cursor.at++;
    }
    if (cursor.at === begin) {
      cursor.at++; // a character no value starts with: step over it rather than loop
      return null;
    }
    // Reals stay text, as web-ifc gives them; a short run of digits is its own value, anything else goes through Number.
    if (real) return { type: REAL, value: this.ascii(begin, cursor.at) };
    return { type: INTEGER, value: signed || digits > 9 ? Number(this.ascii(begin, cursor.at)) : integer };
  }

  private ascii(begin: number, end: number): string {
    return this.latin1.toString('latin1', begin, end);
  }

  /** A quoted string with `''` made `'` and STEP's \X2\ escapes decoded, as web-ifc gives it. */
  private string(cursor: { at: number }): string {
    const { bytes } = this;
    const begin = cursor.at + 1;
    let i = begin;
    let doubled = false;
    let plain = true;
    while (i < bytes.length) {
      const c = bytes[i] as number;
      if (c === QUOTE) {
        if (bytes[i + 1] !== QUOTE) break;
        doubled = true;
        i += 2;
      } else {
        if (c >= 0x80) plain = false;
        i++;
      }
    }
    cursor.at = i + 1;
    // Most strings are short ASCII names, for which the decoder's call costs more than the decoding.
    const text = plain ? this.ascii(begin, i) : this.utf8.decode(bytes.subarray(begin, i));
    const unquoted = doubled ? text.replaceAll("''", "'") : text;
    return unquoted.includes('\\') ? decodeIfcText(unquoted) : unquoted;
  }
}

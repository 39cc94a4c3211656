import type { SqlValue } from './db';
import { changesSchema, tablesIn, writtenTables, type Schema } from './written-tables';

/**
 * Answers to reads, kept until a write to a table they read. Only for a database that this process
 * alone writes (the embedded one, whose data directory it holds): there every change passes through
 * `wrote()`, so an answer still held is still the database's answer. Under load most
 * requests repeat a handful of reads (a folder page, a bucket listing, the hubs), and on the embedded
 * database each costs milliseconds of WebAssembly and row decoding on the event loop.
 */
export interface ReadMemory {
  /** The answer `read` gave since the last write, or `read`'s own; plain SELECTs only (see `cacheable`). */
  query<T>(sql: string, params: readonly SqlValue[], read: () => Promise<T[]>): Promise<T[]>;
  /**
   * For a read that depends on the time as well: its answer at `at` holds for any later time before
   * `until(answer)` (the first moment a row of it expires), and never for an earlier one (a clock
   * turned back).
   */
  remember<T>(key: string, at: Date, read: () => Promise<T>, until: (answer: T) => number): Promise<T>;
  /**
   * Every write calls it once it is done (committed or not): the answers that read a table it may
   * have changed are forgotten; all of them when the schema is not known or `sql` is not given.
   */
  wrote(sql?: string): void;
  /** Whether the tables of reads and writes can be told apart: learned once, forgotten when the schema changes. */
  readonly schema: Schema | undefined;
  learn(schema: Schema): void;
}

interface Entry {
  /** The tables the answer was read from; undefined: unknown, forgotten at any write. */
  tables: ReadonlySet<string> | undefined;
  at: number;
  until: number;
  answer: Promise<unknown>;
}

const MAX_ENTRIES = 2_000;
/** A larger answer (an export, a whole folder) is read again rather than held. */
const MAX_ROWS = 1_000;
const SELECT = /^\s*select\b/i;
const MODIFIES = /\b(insert|update|delete|nextval|setval)\b/i;
// Words that make a SELECT's answer depend on more than the data and its parameters.
const NOT_PURE =
  /\b(now|current_timestamp|current_date|localtimestamp|clock_timestamp|random|gen_random_uuid|txid_current|pg_advisory\w*)\b/i;

/** Anything but a plain SELECT may change data (a FOR UPDATE is counted too: harmless). */
export function mayWrite(sql: string): boolean {
  return !SELECT.test(sql) || MODIFIES.test(sql);
}

/** A SELECT whose answer follows from the data and its parameters alone; a time parameter (a Date) makes it depend on the clock. */
export function cacheable(sql: string, params: readonly SqlValue[]): boolean {
  return (
    !mayWrite(sql) &&
    !NOT_PURE.test(sql) &&
    params.every((param) => !(param instanceof Date) && !(param instanceof Uint8Array))
  );
}

/** Shared answers cannot be changed by one caller under another: a change throws (modules are strict). */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || value instanceof Date || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

// Every write runs it over every held answer: no arrays made on the way.
function readsAny(read: ReadonlySet<string>, written: ReadonlySet<string>): boolean {
  for (const table of read) if (written.has(table)) return true;
  return false;
}

export function readMemory(): ReadMemory {
  // Every write empties it of what it may have changed, so whatever it holds is the database's answer now.
  const entries = new Map<string, Entry>();
  let schema: Schema | undefined;

  function keep(key: string, entry: Entry) {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  }

  async function recall<T>(
    key: string,
    at: number,
    tables: Entry['tables'],
    read: () => Promise<T>,
    until: (answer: T) => number,
    size: (answer: T) => number,
  ): Promise<T> {
    const held = entries.get(key);
    if (held && held.at <= at) {
      const answer = (await held.answer) as T;
      if (at < held.until) return answer;
    }
    const entry: Entry = { tables, at, until: Infinity, answer: Promise.resolve() };
    entry.answer = read().then(
      (answer) => {
        entry.until = until(answer);
        if (size(answer) <= MAX_ROWS) return deepFreeze(answer);
        if (entries.get(key) === entry) entries.delete(key);
        return answer;
      },
      (error: unknown) => {
        if (entries.get(key) === entry) entries.delete(key);
        throw error;
      },
    );
    keep(key, entry);
    return (await entry.answer) as T;
  }

  // A handful of statements run over and over: each one's tables are worked out once per schema.
  const readBy = new Map<string, ReadonlySet<string> | undefined>();
  const writtenBy = new Map<string, ReadonlySet<string> | undefined>();
  const once = <T>(known: Map<string, T>, sql: string, work: () => T): T => {
    if (known.has(sql)) return known.get(sql) as T;
    const value = work();
    if (known.size >= MAX_ENTRIES) known.clear();
    known.set(sql, value);
    return value;
  };
  const tablesRead = (sql: string) =>
    schema &&
    once(readBy, sql, () => {
      const tables = tablesIn(sql, schema!);
      return tables.size ? tables : undefined;
    });
  const learn = (learned: Schema | undefined) => {
    schema = learned;
    readBy.clear();
    writtenBy.clear();
  };

  return {
    query(sql, params, read) {
      if (!cacheable(sql, params)) return read();
      return recall(
        `${sql}\u0000${JSON.stringify(params)}`,
        0,
        tablesRead(sql),
        read,
        () => Infinity,
        (rows) => rows.length,
      );
    },
    remember(key, at, read, until) {
      return recall(`\u0001${key}`, at.getTime(), undefined, read, until, (answer) =>
        Array.isArray(answer) ? answer.length : 1,
      );
    },
    wrote(sql) {
      const written = sql !== undefined && schema ? once(writtenBy, sql, () => writtenTables(sql, schema!)) : undefined;
      if (sql === undefined || changesSchema(sql)) learn(undefined);
      if (!written) return entries.clear();
      for (const [key, entry] of entries) if (!entry.tables || readsAny(entry.tables, written)) entries.delete(key);
    },
    get schema() {
      return schema;
    },
    learn,
  };
}

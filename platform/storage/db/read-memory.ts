import type { SqlValue } from './db';

/**
 * Answers to reads, kept until the next write. Only for a database that this process alone writes
 * (the embedded one, whose data directory it holds): there every change passes through `wrote()`,
 * so an answer read under the current write count is still the database's answer. Under load most
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
  /** Every write calls it once it is done (committed or not): every earlier answer is forgotten. */
  wrote(): void;
}

interface Entry {
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
const NOT_PURE = /\b(now|current_timestamp|current_date|localtimestamp|clock_timestamp|random|gen_random_uuid|txid_current|pg_advisory\w*)\b/i;

/** Anything but a plain SELECT may change data (a FOR UPDATE is counted too: harmless). */
export function mayWrite(sql: string): boolean {
  return !SELECT.test(sql) || MODIFIES.test(sql);
}

/** A SELECT whose answer follows from the data and its parameters alone; a time parameter (a Date) makes it depend on the clock. */
export function cacheable(sql: string, params: readonly SqlValue[]): boolean {
  return !mayWrite(sql) && !NOT_PURE.test(sql) && params.every((param) => !(param instanceof Date) && !(param instanceof Uint8Array));
}

/** Shared answers cannot be changed by one caller under another: a change throws (modules are strict). */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || value instanceof Date || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

export function readMemory(): ReadMemory {
  // Every write empties it, so whatever it holds was read since the last write.
  const entries = new Map<string, Entry>();

  function keep(key: string, entry: Entry) {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  }

  async function recall<T>(key: string, at: number, read: () => Promise<T>, until: (answer: T) => number, size: (answer: T) => number): Promise<T> {
    const held = entries.get(key);
    if (held && held.at <= at) {
      const answer = (await held.answer) as T;
      if (at < held.until) return answer;
    }
    const entry: Entry = { at, until: Infinity, answer: Promise.resolve() };
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

  return {
    query(sql, params, read) {
      if (!cacheable(sql, params)) return read();
      return recall(`${sql}\u0000${JSON.stringify(params)}`, 0, read, () => Infinity, (rows) => rows.length);
    },
    remember(key, at, read, until) {
      return recall(`\u0001${key}`, at.getTime(), read, until, (answer) => (Array.isArray(answer) ? answer.length : 1));
    },
    wrote() {
      entries.clear();
    },
  };
}

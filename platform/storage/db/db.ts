/** The one way the platform reaches its metadata: PostgreSQL, embedded (PGlite) or a server. */

export type SqlValue = string | number | boolean | null | Date | Uint8Array | string[];

export interface Queryable {
  query<T extends object>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  /** Runs `work` in one transaction; it commits when `work` resolves and rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
  /**
   * `read`'s answer at `at`, which holds until `until(answer)` unless something is written: the
   * embedded database remembers it (see read-memory.ts); a server, which other processes write, reads.
   */
  remember<T>(key: string, at: Date, read: () => Promise<T>, until: (answer: T) => number): Promise<T>;
}

/**
 * A query parameter holds text PostgreSQL cannot store: a NUL (which it refuses) or a lone UTF-16
 * surrogate (which the drivers would silently turn into U+FFFD). Thrown before the query is sent;
 * the app answers it as the client's mistake (400), not as a failure of the platform.
 */
export class UnstorableTextError extends Error {
  constructor(readonly parameter: number) {
    super(`Query parameter $${parameter} holds text that cannot be stored (a NUL or a lone UTF-16 surrogate).`);
    this.name = 'UnstorableTextError';
  }
}

// eslint-disable-next-line no-control-regex -- NUL is exactly what PostgreSQL refuses
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Throws `UnstorableTextError` for the first string (or string in an array) that cannot be stored. */
export function checkStorableParams(params: readonly SqlValue[]): void {
  params.forEach((param, index) => {
    const strings = typeof param === 'string' ? [param] : Array.isArray(param) ? param : [];
    if (strings.some((value) => UNSTORABLE.test(value))) throw new UnstorableTextError(index + 1);
  });
}

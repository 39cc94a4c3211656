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
}

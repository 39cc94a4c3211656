import { PGlite } from '@electric-sql/pglite';
import { checkStorableParams, type Db, type Queryable, type SqlValue } from './db';
import { mayWrite, readMemory } from './read-memory';

/**
 * Embedded PostgreSQL in the data directory. One connection: keep transactions short. This process
 * alone writes it (it holds the data directory), so reads are remembered until the next write.
 */
export async function openPglite(dataDir: string | undefined, existing?: PGlite): Promise<Db> {
  const pg = existing ?? (await PGlite.create(dataDir ? { dataDir } : {}));
  const memory = readMemory();
  async function written<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      memory.wrote();
    }
  }
  // Inside a transaction nothing is remembered: its reads may see its own writes before they commit.
  const asQueryable = (target: Pick<PGlite, 'query' | 'exec'>, remembered: boolean): Queryable => ({
    async query<T extends object>(sql: string, params: readonly SqlValue[] = []) {
      checkStorableParams(params);
      const read = async () => (await target.query<T>(sql, params as unknown[])).rows;
      if (mayWrite(sql)) return written(read);
      return remembered ? memory.query(sql, params, read) : read();
    },
    exec: (sql: string) => written(async () => void (await target.exec(sql))),
  });
  return {
    kind: 'pglite',
    ...asQueryable(pg, true),
    transaction: (work) => written(() => pg.transaction((tx) => work(asQueryable(tx, false)))),
    remember: (key, at, read, until) => memory.remember(key, at, read, until),
    close: () => pg.close(),
  };
}

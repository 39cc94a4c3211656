import { PGlite } from '@electric-sql/pglite';
import { checkStorableParams, type Db, type Queryable, type SqlValue } from './db';
import { pgliteStatements } from './pglite-statements';
import { mayWrite, readMemory } from './read-memory';
import { SCHEMA_SQL, schemaFrom } from './written-tables';

/**
 * Embedded PostgreSQL in the data directory. One connection: keep transactions short. This process
 * alone writes it (it holds the data directory), so reads are remembered until a write to their tables.
 */
export async function openPglite(dataDir: string | undefined, existing?: PGlite): Promise<Db> {
  const pg = existing ?? (await PGlite.create(dataDir ? { dataDir } : {}));
  const memory = readMemory();
  async function written<T>(write: () => Promise<T>, sql?: string): Promise<T> {
    try {
      return await write();
    } finally {
      memory.wrote(sql);
    }
  }
  const run = pgliteStatements(pg);
  // PGlite's own locks, as its `query` takes them: a statement outside a transaction waits for any to end.
  // The schema is learned by a statement outside any transaction, so that it is the committed one.
  const outside = <T>(sql: string, params: readonly SqlValue[]) =>
    pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        if (!memory.schema) memory.learn(schemaFrom(await run<{ name: string; dependents: string[] }>(SCHEMA_SQL, [])));
        const rows = await run<T>(sql, params);
        await pg.syncToFs();
        return rows;
      }),
    );
  const inside = <T>(sql: string, params: readonly SqlValue[]) => pg._runExclusiveQuery(() => run<T>(sql, params));
  // Inside a transaction nothing is remembered: its reads may see its own writes before they commit.
  const asQueryable = (target: Pick<PGlite, 'exec'>, inTransaction: boolean): Queryable => ({
    async query<T extends object>(sql: string, params: readonly SqlValue[] = []) {
      checkStorableParams(params);
      const read = () => (inTransaction ? inside<T>(sql, params) : outside<T>(sql, params));
      if (mayWrite(sql)) return written(read, sql);
      return inTransaction ? read() : memory.query(sql, params, read);
    },
    exec: (sql: string) => written(async () => void (await target.exec(sql))),
  });
  return {
    kind: 'pglite',
    ...asQueryable(pg, false),
    // Each write inside forgets what it may change as it runs; reads outside wait for the transaction's end.
    transaction: (work) => pg.transaction((tx) => work(asQueryable(tx, true))),
    remember: (key, at, read, until) => memory.remember(key, at, read, until),
    close: () => pg.close(),
  };
}

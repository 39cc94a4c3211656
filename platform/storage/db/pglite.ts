import { PGlite } from '@electric-sql/pglite';
import { checkStorableParams, type Db, type Queryable, type SqlValue } from './db';

/** Embedded PostgreSQL in the data directory. One connection: keep transactions short. */
export async function openPglite(dataDir: string | undefined, existing?: PGlite): Promise<Db> {
  const pg = existing ?? (await PGlite.create(dataDir ? { dataDir } : {}));
  const asQueryable = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T extends object>(sql: string, params: readonly SqlValue[] = []) {
      checkStorableParams(params);
      const result = await target.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });
  const root = asQueryable(pg);
  return {
    kind: 'pglite',
    ...root,
    transaction: (work) => pg.transaction((tx) => work(asQueryable(tx))),
    close: () => pg.close(),
  };
}

import pg from 'pg';
import { checkStorableParams, type Db, type Queryable, type SqlValue } from './db';

// int8 and numeric come back as strings by default; sizes and counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** A PostgreSQL server reached through `DATABASE_URL`. */
export async function openPostgres(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // Fail at start, with the server's own words, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const asQueryable = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends object>(sql: string, params: readonly SqlValue[] = []) {
      checkStorableParams(params);
      const result = await target.query(sql, params as unknown[]);
      return result.rows as T[];
    },
    async exec(sql: string) {
      await target.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...asQueryable(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(asQueryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    remember: (_key, _at, read) => read(),
    close: () => pool.end(),
  };
}

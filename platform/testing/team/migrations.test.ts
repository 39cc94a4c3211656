import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from '../../storage/db/migrate';
import { openPostgres } from '../../storage/db/postgres';
import { freshSchema, reasonToSkip } from '../shared-database';

const skip = reasonToSkip('instances migrating one PostgreSQL server at once');

describe.skipIf(skip)('instances starting at once on an empty PostgreSQL schema', () => {
  it('migrate it once: one applies every migration under the advisory lock, the others find them done', async () => {
    const url = await freshSchema();
    const instances = await Promise.all([openPostgres(url), openPostgres(url), openPostgres(url)]);
    try {
      const applied = await Promise.all(instances.map((db) => migrate(db)));
      expect(applied.map((ids) => ids.length).sort()).toEqual([0, 0, MIGRATIONS.length]);
      const rows = await instances[0].query<{ id: number; n: number }>(
        'SELECT id, count(*)::integer AS n FROM schema_migrations GROUP BY id ORDER BY id',
      );
      expect(rows).toEqual(MIGRATIONS.map((migration) => ({ id: migration.id, n: 1 })));
    } finally {
      await Promise.all(instances.map((db) => db.close()));
    }
  });
});

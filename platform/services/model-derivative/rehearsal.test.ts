import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../storage/db/db';
import { openDatabase } from '../../storage/db/open';
import { createStores } from '../../storage/stores';
import { dbBackends } from '../../testing/db-backends';
import { TestClock } from '../../testing/test-platform';
import { rehearseJobPath } from './rehearsal';

const TABLES = [
  'oss_buckets',
  'oss_objects',
  'oss_object_blobs',
  'md_manifests',
  'md_jobs',
  'md_derivatives',
  'md_files',
];

describe.each(dbBackends)('the job path rehearsal on $name', ({ open }) => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-md-rehearsal-'));
    db = await open(dir);
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  const counts = async () =>
    Promise.all(
      TABLES.map(async (table) => (await db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${table}`))[0]?.n),
    );

  it('runs the statements of a job and keeps none of its rows, nor touches the ones there', async () => {
    const stores = createStores(db);
    const at = new TestClock().now();
    await db.transaction(async (tx) => {
      await stores.mdManifests.upsert(tx, {
        urn: 'dXJuOmE',
        sourceUrn: 'urn:a',
        bucketKey: 'b',
        objectKey: 'a.ifc',
        fileName: 'a.ifc',
        rootFilename: null,
        region: 'US',
        createdAt: at,
      });
      await stores.mdJobs.insert(tx, {
        id: 'job-a',
        urn: 'dXJuOmE',
        clientId: 'client-a',
        outputs: [{ type: 'svf2' }],
        createdAt: at,
      });
      await stores.mdManifests.addDerivatives(tx, 'dXJuOmE', 'job-a', ['svf2'], at);
    });
    const before = await counts();
    const view = await stores.mdManifests.view('dXJuOmE');

    await rehearseJobPath(db, new TestClock());
    await rehearseJobPath(db, new TestClock());

    expect(await counts()).toEqual(before);
    expect(await stores.mdManifests.view('dXJuOmE')).toEqual(view);
  });
});

// A server's driver sends unnamed statements, planned at each run; the embedded database keeps them prepared.
describe('the job path rehearsal on the embedded database', () => {
  it("leaves the POST's, the start's and the end's statements planned once for all values", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-md-rehearsal-plans-'));
    const db = await openDatabase({ dataDir: dir });
    try {
      await rehearseJobPath(db, new TestClock());
      const plans = await db.query<{ statement: string; generic: number; custom: number }>(
        'SELECT statement, generic_plans::integer AS generic, custom_plans::integer AS custom FROM pg_prepared_statements',
      );
      const of = (start: string) =>
        plans
          .filter((plan) => plan.statement.trim().startsWith(start))
          .map(({ generic, custom }) => ({ generic, custom }));
      // Five runs planned for their values, the sixth with the plan kept for all.
      const settled = [{ generic: 1, custom: 5 }];
      expect(of('WITH todo AS')).toEqual([...settled, ...settled]);
      expect(of('WITH started AS')).toEqual(settled);
      expect(of('WITH ended AS')).toEqual(settled);
      expect(plans.filter((plan) => plan.custom >= 5 && plan.generic === 0)).toEqual([]);
    } finally {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

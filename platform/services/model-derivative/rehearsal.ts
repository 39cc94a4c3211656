import { randomUUID } from 'node:crypto';
import type { Clock } from '../../config';
import type { Db, Queryable } from '../../storage/db/db';
import { createStores } from '../../storage/stores';

/** Thrown at the end of the rehearsal so that its transaction rolls back. */
class Rehearsed extends Error {}

/** A `Db` that runs everything in one open transaction: nested transactions run inline, nothing is remembered. */
function insideTransaction(db: Db, tx: Queryable): Db {
  return {
    kind: db.kind,
    query: (sql, params) => tx.query(sql, params),
    exec: (sql) => tx.exec(sql),
    transaction: (work) => work(tx),
    remember: (_key, _at, read) => read(),
    close: () => Promise.resolve(),
  };
}

/**
 * PostgreSQL plans a prepared statement for its values at each of its first five runs, and then keeps
 * one plan for all values where that costs no more: planning was most of a person's first five POSTs.
 * So each statement runs six times before anyone's job (docs/decisions/0007-job-path-rehearsal.md).
 */
const REHEARSALS = 6;

/**
 * Runs every statement of a translation job's path (source lookups, POST, claim and start, progress,
 * recording, the manifest poll) on made-up rows, `times` times, each time in a transaction that is
 * rolled back. The embedded database's first use of those tables and statements cost a person's
 * first job about 100 ms more than later ones; at start nobody waits for it. Leaves no row behind.
 */
export async function rehearseJobPath(db: Db, clock: Clock, times = REHEARSALS): Promise<void> {
  // One transaction each: a request that comes meanwhile waits for one rehearsal, not all of them.
  for (let time = 0; time < times; time++) await rehearseOnce(db, clock);
}

async function rehearseOnce(db: Db, clock: Clock): Promise<void> {
  const at = clock.now();
  const name = `ddm-rehearsal-${randomUUID()}`;
  const urn = Buffer.from(`urn:adsk.objects:os.object:${name}/one-slab.ifc`).toString('base64url');
  const jobId = randomUUID();
  try {
    await db.transaction(async (tx) => {
      const stores = createStores(insideTransaction(db, tx));
      // Its object does not exist: the statement decides so after planning, and the job is recorded below.
      const manifest = {
        urn,
        sourceUrn: `urn:${name}`,
        bucketKey: name,
        objectKey: 'one-slab.ifc',
        fileName: 'one-slab.ifc',
        rootFilename: null,
        region: 'US',
        createdAt: at,
      };
      for (const force of [false, true])
        await stores.mdJobs.create({
          id: jobId,
          manifest,
          clientId: name,
          formats: [{ type: 'svf2' }],
          force,
          maxLive: 1,
        });
      await stores.mdManifests.upsert(tx, manifest);
      await stores.mdJobs.insert(tx, { id: jobId, urn, clientId: name, outputs: [{ type: 'svf2' }], createdAt: at });
      await stores.mdManifests.addDerivatives(tx, urn, jobId, ['svf2'], at);
      await stores.mdJobs.start(jobId, { lease: { holder: name, seconds: 30 }, at, steal: false, maxAttempts: 2 });
      await stores.mdJobs.setProgress(jobId, 50);
      await stores.mdJobLeases.renew(jobId, { holder: name, seconds: 30 }, at);
      await stores.mdManifests.view(urn);
      await stores.mdManifests.completeDerivative(
        tx,
        jobId,
        'svf2',
        'success',
        [],
        [
          {
            path: 'svf2/rehearsal.glb',
            blobId: name,
            role: 'graphics',
            mime: 'model/gltf-binary',
            size: 1,
            sha1: '',
            viewGuid: name,
            viewName: '3D',
            viewRole: '3d',
            resolution: null,
            createdAt: at,
          },
        ],
      );
      await stores.mdJobs.finish(tx, jobId, 'success', at);
      await stores.mdManifests.view(urn);
      throw new Rehearsed();
    });
  } catch (error) {
    if (!(error instanceof Rehearsed)) throw error;
  }
}

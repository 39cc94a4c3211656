import PgBoss from 'pg-boss';
import { openPostgres } from '../platform/storage/db/postgres';
import { migrate } from '../platform/storage/db/migrate';
import { jobLeasesRepo } from '../platform/storage/repos/job-leases';
import { freshSchema, TEST_DATABASE_URL } from '../platform/testing/shared-database';
import { result, type Benchmark } from './harness';

const JOBS = 300;

/**
 * Why the worker fleet leases rows of md_jobs instead of using pg-boss: jobs claimed and completed
 * a second, one by one from one process, by the SKIP LOCKED lease (claim, then end the job) against
 * pg-boss 10 (fetch, then complete), each on its own fresh schema of the same server.
 */
export const jobQueue: Benchmark = {
  name: 'job-queue-claim',
  async run() {
    if (!TEST_DATABASE_URL) {
      console.error('job-queue-claim: nothing to measure without TEST_DATABASE_URL (a PostgreSQL server)');
      return [];
    }
    const lease = await leasedClaims();
    const boss = await pgBossClaims();
    return [
      result(
        `job-queue-claim: ${JOBS} jobs claimed and ended one by one, SKIP LOCKED lease on md_jobs (baseline pg-boss 10)`,
        lease,
        'jobs/s',
        boss,
      ),
    ];
  },
};

async function leasedClaims(): Promise<number> {
  const db = await openPostgres(await freshSchema());
  try {
    await migrate(db);
    const now = new Date();
    await db.query(
      `INSERT INTO md_manifests (urn, source_urn, bucket_key, object_key, file_name, created_at, updated_at) VALUES ('u', 'u', 'b', 'o', 'f.obj', $1, $1)`,
      [now],
    );
    await db.query(
      `INSERT INTO md_jobs (id, urn, client_id, status, outputs, created_at)
      SELECT 'job-' || n, 'u', 'c', 'pending', '[]', $1::timestamptz + n * interval '1 ms' FROM generate_series(1, ${JOBS}) AS n`,
      [now],
    );
    const leases = jobLeasesRepo(db, 'md_jobs');
    const started = performance.now();
    for (;;) {
      const id = await leases.claimNext({ holder: 'bench', seconds: 30 }, new Date());
      if (!id) break;
      await db.query(`UPDATE md_jobs SET status = 'success', finished_at = now() WHERE id = $1`, [id]);
    }
    return JOBS / ((performance.now() - started) / 1000);
  } finally {
    await db.close();
  }
}

async function pgBossClaims(): Promise<number> {
  const url = new URL(await freshSchema());
  const schema = /search_path=(\w+)/.exec(url.searchParams.get('options') ?? '')![1]!;
  url.searchParams.delete('options');
  const boss = new PgBoss({
    connectionString: url.toString(),
    schema: `${schema}_boss`,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  try {
    await boss.createQueue('translations');
    await boss.insert(Array.from({ length: JOBS }, (_, index) => ({ name: 'translations', data: { job: index } })));
    const started = performance.now();
    for (;;) {
      const [job] = await boss.fetch('translations');
      if (!job) break;
      await boss.complete('translations', job.id);
    }
    return JOBS / ((performance.now() - started) / 1000);
  } finally {
    await boss.stop({ graceful: false });
  }
}

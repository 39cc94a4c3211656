import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeUrn } from '../../contracts/model-derivative';
import { objectUrn } from '../../contracts/oss';
import { runPlatformCommand, startPlatform, type RunningPlatform } from '../../scripts/platform-process';
import { basicAuth, formPost } from '../testing/oauth-flow';
import { startS3, type TestS3 } from '../testing/s3';
import { freshSchema, reasonToSkip } from '../testing/shared-database';
import { CUBE, eventually, gridObj, startWorker, type RunningWorker } from '../testing/team-processes';

const SCOPES = 'data:read data:write data:create bucket:read bucket:create';
const skip = reasonToSkip('platform worker processes on one PostgreSQL server');

describe.skipIf(skip)('platform worker: translation jobs claimed from a PostgreSQL queue with leases', () => {
  const dirs: string[] = [];
  const workers: RunningWorker[] = [];
  let env: NodeJS.ProcessEnv;
  let s3: TestS3;
  let db: pg.Client;
  let serve: RunningPlatform;
  let bearer: Record<string, string>;
  let bucketKey: string;

  const dir = async () => {
    const made = await mkdtemp(path.join(os.tmpdir(), 'ddm-workers-'));
    dirs.push(made);
    return made;
  };
  const worker = async () => {
    const started = await startWorker(['--data-dir', await dir(), '--translation-workers', '1', '--job-lease', '3', ...s3.flags], env);
    workers.push(started);
    return started;
  };

  beforeAll(async () => {
    s3 = await startS3();
    env = { ...process.env, ...s3.env, DATABASE_URL: await freshSchema() };
    db = new pg.Client({ connectionString: env['DATABASE_URL'] });
    await db.connect();
    serve = await startPlatform(['--port', '0', '--data-dir', await dir(), '--jobs', 'queue', ...s3.flags], env);
    const app = JSON.parse(await runPlatformCommand(['admin', 'app', 'create', '--name', 'Jobs', '--type', 'server', '--scopes', SCOPES], env)) as { client_id: string; client_secret: string };
    const token = await fetch(`${serve.url}/authentication/v2/token`, formPost({ grant_type: 'client_credentials', scope: SCOPES }, basicAuth(app.client_id, app.client_secret)));
    bearer = { Authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };
    bucketKey = `jobs-${Date.now()}`;
    const made = await fetch(`${serve.url}/oss/v2/buckets`, { method: 'POST', headers: { ...bearer, 'Content-Type': 'application/json' }, body: JSON.stringify({ bucketKey, policyKey: 'transient' }) });
    expect(made.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(workers.map((running) => running.stop('SIGKILL')));
    await serve?.stop();
    await db?.end();
    await s3?.close();
    await Promise.all(dirs.map((made) => rm(made, { recursive: true, force: true })));
  });

  /** Uploads `model` (a cube unless said) as `name` and asks for its translation; the job's id. */
  const translate = async (name: string, model = CUBE) => {
    expect((await fetch(`${serve.url}/oss/v2/buckets/${bucketKey}/objects/${name}`, { method: 'PUT', headers: bearer, body: model })).status).toBe(200);
    const urn = encodeUrn(objectUrn(bucketKey, name));
    const posted = await fetch(`${serve.url}/modelderivative/v2/designdata/job`, {
      method: 'POST', headers: { ...bearer, 'Content-Type': 'application/json' }, body: JSON.stringify({ input: { urn }, output: { formats: [{ type: 'stl' }] } }),
    });
    expect(posted.status).toBe(200);
    const [job] = (await db.query<{ id: string }>('SELECT id FROM md_jobs WHERE urn = $1', [urn])).rows;
    return { urn, jobId: job!.id };
  };
  const jobRow = async (jobId: string) =>
    (await db.query<{ status: string; attempts: number; lease_holder: string | null }>('SELECT status, attempts, lease_holder FROM md_jobs WHERE id = $1', [jobId])).rows[0]!;
  const manifestStatus = async (urn: string) =>
    ((await (await fetch(`${serve.url}/modelderivative/v2/designdata/${urn}/manifest`, { headers: bearer })).json()) as { status: string }).status;

  it('a worker killed mid-job gives the job back when its lease lapses, and another finishes it', async () => {
    const first = await worker();
    // Workers are warm before they claim, so a cube would be done before the test saw it run.
    const { urn, jobId } = await translate('killed.obj', gridObj(500));
    await eventually(async () => {
      const row = await jobRow(jobId);
      return row.status === 'inprogress' && row.lease_holder === first.holder ? row : undefined;
    });
    await first.stop('SIGKILL');
    const second = await worker();
    await eventually(async () => ((await jobRow(jobId)).status === 'success' ? true : undefined));
    // Two starts, the second by the other worker: the first really was interrupted, and nothing ran it twice at once.
    expect(await jobRow(jobId)).toMatchObject({ status: 'success', attempts: 2, lease_holder: second.holder });
    expect(await manifestStatus(urn)).toBe('success');
  }, 180_000);

  it('two workers share the waiting jobs, each run once, and a stopped worker hands its job back', async () => {
    await worker();
    const jobs = await Promise.all(['a.obj', 'b.obj', 'c.obj'].map((name) => translate(name)));
    await eventually(async () => ((await Promise.all(jobs.map(async ({ jobId }) => (await jobRow(jobId)).status))).every((status) => status === 'success') ? true : undefined));
    const rows = await Promise.all(jobs.map(({ jobId }) => jobRow(jobId)));
    expect(rows.map((row) => row.attempts)).toEqual([1, 1, 1]);
    expect(rows.every((row) => workers.some((running) => running.holder === row.lease_holder))).toBe(true);

    // SIGTERM while running: the job is handed back at once (no lease to wait for) and the other worker runs it.
    const { jobId } = await translate('handed-back.obj', gridObj(500));
    const holder = await eventually(async () => {
      const row = await jobRow(jobId);
      return row.status === 'inprogress' && row.lease_holder ? row.lease_holder : undefined;
    });
    const running = workers.find((candidate) => candidate.holder === holder)!;
    await running.stop('SIGTERM');
    expect(running.child.exitCode).toBe(0);
    await eventually(async () => ((await jobRow(jobId)).status === 'success' ? true : undefined));
    expect((await jobRow(jobId)).lease_holder).not.toBe(holder);
  }, 240_000);
});

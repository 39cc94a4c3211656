import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeUrn } from '../../../contracts/model-derivative';
import { objectUrn } from '../../../contracts/oss';
import { runPlatformCommand, startPlatform, type RunningPlatform } from '../../../scripts/platform-process';
import { basicAuth, formPost } from '../oauth-flow';
import { startS3, type TestS3 } from '../s3';
import { freshSchema, reasonToSkip } from '../shared-database';
import { CUBE, eventually, gridObj, startWorker, type RunningWorker } from '../team-processes';

const SCOPES = 'data:read data:write data:create bucket:read bucket:create code:all';
const skip = reasonToSkip('platform worker processes on one PostgreSQL server');

describe.skipIf(skip)(
  'platform worker: translation jobs and workitems claimed from a PostgreSQL queue with leases',
  () => {
    const dirs: string[] = [];
    const workers: RunningWorker[] = [];
    let env: NodeJS.ProcessEnv;
    let s3: TestS3;
    let db: pg.Pool;
    let serve: RunningPlatform;
    let bearer: Record<string, string>;
    let bucketKey: string;

    const dir = async () => {
      const made = await mkdtemp(path.join(os.tmpdir(), 'ddm-workers-'));
      dirs.push(made);
      return made;
    };
    const worker = async () => {
      const started = await startWorker(
        [
          '--data-dir',
          await dir(),
          '--public-url',
          serve.url,
          '--translation-workers',
          '1',
          '--automation-workers',
          '1',
          '--job-lease',
          '3',
          ...s3.flags,
        ],
        env,
      );
      workers.push(started);
      return started;
    };

    beforeAll(async () => {
      s3 = await startS3();
      env = { ...process.env, ...s3.env, DATABASE_URL: await freshSchema() };
      db = new pg.Pool({ connectionString: env['DATABASE_URL'] });
      serve = await startPlatform(['--port', '0', '--data-dir', await dir(), '--jobs', 'queue', ...s3.flags], env);
      const app = JSON.parse(
        await runPlatformCommand(
          ['admin', 'app', 'create', '--name', 'Jobs', '--type', 'server', '--scopes', SCOPES],
          env,
        ),
      ) as { client_id: string; client_secret: string };
      const token = await fetch(
        `${serve.url}/authentication/v2/token`,
        formPost({ grant_type: 'client_credentials', scope: SCOPES }, basicAuth(app.client_id, app.client_secret)),
      );
      bearer = { Authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };
      bucketKey = `jobs-${Date.now()}`;
      const made = await fetch(`${serve.url}/oss/v2/buckets`, {
        method: 'POST',
        headers: { ...bearer, 'Content-Type': 'application/json' },
        body: JSON.stringify({ bucketKey, policyKey: 'transient' }),
      });
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
      expect(
        (
          await fetch(`${serve.url}/oss/v2/buckets/${bucketKey}/objects/${name}`, {
            method: 'PUT',
            headers: bearer,
            body: model,
          })
        ).status,
      ).toBe(200);
      const urn = encodeUrn(objectUrn(bucketKey, name));
      const posted = await fetch(`${serve.url}/modelderivative/v2/designdata/job`, {
        method: 'POST',
        headers: { ...bearer, 'Content-Type': 'application/json' },
        body: JSON.stringify({ input: { urn }, output: { formats: [{ type: 'stl' }] } }),
      });
      expect(posted.status).toBe(200);
      const [job] = (await db.query<{ id: string }>('SELECT id FROM md_jobs WHERE urn = $1', [urn])).rows;
      return { urn, jobId: job!.id };
    };
    const jobRow = async (jobId: string) =>
      (
        await db.query<{ status: string; attempts: number; lease_holder: string | null }>(
          'SELECT status, attempts, lease_holder FROM md_jobs WHERE id = $1',
          [jobId],
        )
      ).rows[0]!;
    const manifestStatus = async (urn: string) =>
      (
        (await (
          await fetch(`${serve.url}/modelderivative/v2/designdata/${urn}/manifest`, { headers: bearer })
        ).json()) as { status: string }
      ).status;

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
      await eventually(async () =>
        (await Promise.all(jobs.map(async ({ jobId }) => (await jobRow(jobId)).status))).every(
          (status) => status === 'success',
        )
          ? true
          : undefined,
      );
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

    const da = (method: string, suffix: string, body?: unknown) =>
      fetch(`${serve.url}/da/us-east/v3${suffix}`, {
        method,
        headers: { ...bearer, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const workitemRow = async (id: string) =>
      (
        await db.query<{ status: string; lease_holder: string | null }>(
          'SELECT status, lease_holder FROM da_workitems WHERE id = $1',
          [id],
        )
      ).rows[0]!;
    /** An activity on the test engine with an alias `prod`; its qualified id. */
    const activity = async (id: string, commandLine: string, parameters: Record<string, unknown> = {}) => {
      expect(
        (
          await da('POST', '/activities', {
            id,
            engine: 'Local.Test+1',
            commandLine: [commandLine],
            parameters,
            appbundles: [],
          })
        ).status,
      ).toBe(200);
      expect((await da('POST', `/activities/${id}/aliases`, { id: 'prod', version: 1 })).status).toBe(200);
      return `Team.${id}+prod`;
    };

    it('a workitem runs in a worker, reaching the platform through its public URL, and is cancelled there from an instance', async () => {
      // Earlier tests' workers may still be running: any worker may claim the workitem, never the instance.
      await worker();
      const isWorkers = (holder: string | null) => workers.some((running) => running.holder === holder);
      expect((await da('PATCH', '/forgeapps/me', { nickname: 'Team' })).status).toBe(200);
      const object = (name: string) => `${serve.url}/oss/v2/buckets/${bucketKey}/objects/${name}`;
      expect(
        (await fetch(object('in.txt'), { method: 'PUT', headers: bearer, body: 'bytes the worker copies' })).status,
      ).toBe(200);
      const copy = await activity('Copy', '$(engine.path)/test echo "$(args[source].path)" "$(args[copy].path)"', {
        source: { verb: 'get', localName: 'in.txt' },
        copy: { verb: 'put', localName: 'out.txt' },
      });
      const posted = await da('POST', '/workitems', {
        activityId: copy,
        arguments: {
          source: { url: object('in.txt'), headers: bearer },
          copy: { url: object('out.txt'), verb: 'put', headers: bearer },
        },
      });
      expect(posted.status).toBe(200);
      const { id } = (await posted.json()) as { id: string };
      await eventually(async () => ((await workitemRow(id)).status === 'success' ? true : undefined));
      // The worker ran it (serve --jobs queue only records workitems), and the instance serves what it wrote.
      expect(isWorkers((await workitemRow(id)).lease_holder)).toBe(true);
      expect(await (await fetch(object('out.txt'), { headers: bearer })).text()).toBe('bytes the worker copies');
      const status = (await (await da('GET', `/workitems/${id}`)).json()) as { status: string; reportUrl: string };
      expect(status.status).toBe('success');
      expect(await (await fetch(status.reportUrl)).text()).toContain('Job finished with result Succeeded');

      const wait = await activity('Wait', '$(engine.path)/test print waiting sleep 120000');
      const long = (await (await da('POST', '/workitems', { activityId: wait, arguments: {} })).json()) as {
        id: string;
      };
      await eventually(async () => {
        const row = await workitemRow(long.id);
        return row.status === 'inprogress' && isWorkers(row.lease_holder) ? true : undefined;
      });
      expect((await da('DELETE', `/workitems/${long.id}`)).status).toBe(204);
      expect((await workitemRow(long.id)).status).toBe('cancelled');
      // The worker finds the workitem ended when it renews its lease, stops the run and lets the lease go.
      await eventually(async () => ((await workitemRow(long.id)).lease_holder === null ? true : undefined));
      const cancelled = (await (await da('GET', `/workitems/${long.id}`)).json()) as {
        status: string;
        reportUrl: string;
      };
      expect(cancelled.status).toBe('cancelled');
      expect(await (await fetch(cancelled.reportUrl)).text()).toContain('The workitem was cancelled while it ran.');
    }, 180_000);
  },
);

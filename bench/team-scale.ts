import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { encodeUrn } from '../contracts/model-derivative';
import { objectUrn } from '../contracts/oss';
import { runPlatformCommand, startPlatform, type RunningPlatform } from '../scripts/platform-process';
import { startRoundRobin } from '../platform/testing/round-robin';
import { startS3 } from '../platform/testing/s3';
import { freshSchema, TEST_DATABASE_URL } from '../platform/testing/shared-database';
import { eventually, startWorker, type RunningWorker } from '../platform/testing/team-processes';
import { load, result, type Benchmark, type BenchResult } from './harness';

const SCOPES = 'bucket:create bucket:read data:read data:write data:create';
const CUBE =
  'v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\nf 1 2 3 4\nf 5 6 7 8\nf 1 2 6 5\nf 2 3 7 6\nf 3 4 8 7\nf 4 1 5 8\n';
const UPLOADS = 40;
const TRANSLATIONS = 8;

/**
 * One deployment on many processes, on one PostgreSQL server and s3rver: OSS list and signed
 * uploads through a round-robin balancer over two `serve` instances against one instance alone, and
 * translations per minute with two workers against one. On one machine the instances share its
 * cores, so the figures show what the sharing costs, not what more machines would give.
 */
export const teamScale: Benchmark = {
  name: 'team-scale',
  async run() {
    if (!TEST_DATABASE_URL) {
      console.error('team-scale: nothing to measure without TEST_DATABASE_URL (a PostgreSQL server)');
      return [];
    }
    const dirs: string[] = [];
    const dir = async () => {
      const made = await mkdtemp(path.join(os.tmpdir(), 'ddm-bench-team-'));
      dirs.push(made);
      return made;
    };
    const s3 = await startS3();
    const env = { ...process.env, ...s3.env, DATABASE_URL: await freshSchema() };
    const balancer = await startRoundRobin([]);
    const serves: RunningPlatform[] = [];
    const workers: RunningWorker[] = [];
    try {
      const serve = async () =>
        startPlatform(
          [
            '--port',
            '0',
            '--data-dir',
            await dir(),
            '--public-url',
            balancer.url,
            '--rate-limits',
            'off',
            '--jobs',
            'queue',
            ...s3.flags,
          ],
          env,
        );
      serves.push(...(await Promise.all([serve(), serve()])));
      balancer.targets.push(serves[0]!.url);
      const app = JSON.parse(
        await runPlatformCommand(
          ['admin', 'app', 'create', '--name', 'bench', '--type', 'server', '--scopes', SCOPES],
          env,
        ),
      ) as Record<string, string>;
      const basic = Buffer.from(`${app['client_id']}:${app['client_secret']}`).toString('base64');
      const tokenAnswer = await fetch(`${balancer.url}/authentication/v2/token`, {
        method: 'POST',
        headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope: SCOPES }).toString(),
      });
      const headers = {
        Authorization: `Bearer ${((await tokenAnswer.json()) as { access_token: string }).access_token}`,
      };
      const objects = `${balancer.url}/oss/v2/buckets/bench-team/objects`;
      await fetch(`${balancer.url}/oss/v2/buckets`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ bucketKey: 'bench-team', policyKey: 'transient' }),
      });
      for (let index = 0; index < 100; index++)
        await fetch(`${objects}/sheet-${index}.pdf`, {
          method: 'PUT',
          headers,
          body: new Uint8Array(1024).fill(index),
        });

      const lines: BenchResult[] = [];
      const measure = async () => ({
        list: await load(`${objects}?limit=100`, headers),
        uploads: await signedUploads(objects, headers),
      });
      const one = await measure();
      balancer.targets.push(serves[1]!.url);
      const two = await measure();
      lines.push(
        result(
          'team-scale oss-list 100 objects through two serve instances (baseline one)',
          two.list.requestsPerSecond,
          'req/s',
          one.list.requestsPerSecond,
        ),
      );
      lines.push(
        result(
          `team-scale signed uploads of 1 MiB, ${UPLOADS} at 4 at once, through two serve instances (baseline one)`,
          two.uploads,
          'uploads/s',
          one.uploads,
        ),
      );

      const perMinute = async (count: number) => {
        const urns: string[] = [];
        for (let index = 0; index < TRANSLATIONS; index++) {
          const key = `cube-${count}-${index}.obj`;
          await fetch(`${objects}/${key}`, { method: 'PUT', headers, body: CUBE });
          urns.push(encodeUrn(objectUrn('bench-team', key)));
        }
        const fleet = await Promise.all(
          Array.from({ length: count }, async () =>
            startWorker(['--data-dir', await dir(), '--translation-workers', '1', ...s3.flags], env),
          ),
        );
        workers.push(...fleet);
        const started = performance.now();
        for (const urn of urns) {
          await fetch(`${balancer.url}/modelderivative/v2/designdata/job`, {
            method: 'POST',
            headers: { ...headers, 'Content-Type': 'application/json' },
            body: JSON.stringify({ input: { urn }, output: { formats: [{ type: 'stl' }] } }),
          });
        }
        await eventually(async () => {
          const states = await Promise.all(
            urns.map(
              async (urn) =>
                (
                  (await (
                    await fetch(`${balancer.url}/modelderivative/v2/designdata/${urn}/manifest`, { headers })
                  ).json()) as { status: string }
                ).status,
            ),
          );
          return states.every((state) => state === 'success' || state === 'failed') ? true : undefined;
        }, 250);
        const minutes = (performance.now() - started) / 60_000;
        await Promise.all(fleet.map((worker) => worker.stop()));
        return TRANSLATIONS / minutes;
      };
      const oneWorker = await perMinute(1);
      const twoWorkers = await perMinute(2);
      lines.push(
        result(
          `team-scale translations per minute (${TRANSLATIONS} OBJ to STL, from the first POST to the last success) with two workers (baseline one)`,
          twoWorkers,
          'jobs/min',
          oneWorker,
        ),
      );
      return lines;
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await Promise.all(serves.map((serve) => serve.stop()));
      await balancer.close();
      await s3.close();
      await Promise.all(dirs.map((made) => rm(made, { recursive: true, force: true })));
    }
  },
};

/** Signed single-part uploads of 1 MiB (URL, PUT, complete), four at a time: uploads a second. */
async function signedUploads(objects: string, headers: Record<string, string>): Promise<number> {
  const body = new Uint8Array(1024 * 1024).fill(7);
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    for (let index = next++; index < UPLOADS; index = next++) {
      const key = `upload-${Date.now()}-${index}.bin`;
      const signed = (await (await fetch(`${objects}/${key}/signeds3upload`, { headers })).json()) as {
        uploadKey: string;
        urls: string[];
      };
      if ((await fetch(signed.urls[0]!, { method: 'PUT', body })).status !== 200)
        throw new Error('a signed part upload failed');
      const done = await fetch(`${objects}/${key}/signeds3upload`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ uploadKey: signed.uploadKey }),
      });
      if (done.status !== 200) throw new Error(`completing an upload answered ${done.status}`);
    }
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
  return UPLOADS / ((performance.now() - started) / 1000);
}

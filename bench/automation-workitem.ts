import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import type { TokenResponse } from '../contracts/authentication';
import type { DaAppBundle, DaPage, WorkItemStatus } from '../contracts/design-automation';
import { runPlatformCommand, startPlatform } from '../scripts/platform-process';
import { result, type Benchmark, type BenchResult } from './harness';

const ENGINE = 'Local.NodeJs+22';
const RUNS = 10;
const WARM_RUNS = 2;
const PARALLEL = 20;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** The floor: a bare `node -e ''` spawned from this process, start to exit. */
async function bareNode(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await once(child, 'exit');
  return performance.now() - started;
}

/** A local server that takes the workitems' onComplete calls and resolves each workitem's wait. */
async function completions() {
  const waiting = new Map<string, () => void>();
  const arrived = new Set<string>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = JSON.parse(Buffer.concat(chunks).toString()) as WorkItemStatus;
      response.end();
      if (status.status !== 'success')
        console.error(`automation-workitem: ${status.id} ended ${status.status} (${status.reportUrl ?? 'no report'})`);
      arrived.add(status.id);
      waiting.get(status.id)?.();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/done`,
    done: (id: string) =>
      arrived.has(id) ? Promise.resolve() : new Promise<void>((resolve) => waiting.set(id, resolve)),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * A no-op workitem (an appbundle whose main.mjs is empty, on the Node engine) from POST to its
 * onComplete call, on a `serve` process, against a bare `node -e ''` spawned here (target: at most
 * 3 times as long); then workitems per minute, 20 posted at once, with the default workers.
 */
export const automationWorkitem: Benchmark = {
  name: 'automation-workitem',
  async run() {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ddm-bench-da-'));
    const app = JSON.parse(
      await runPlatformCommand([
        'admin',
        'app',
        'create',
        '--name',
        'bench',
        '--type',
        'server',
        '--data-dir',
        dataDir,
      ]),
    ) as Record<string, string>;
    const platform = await startPlatform(['--port', '0', '--data-dir', dataDir, '--rate-limits', 'off']);
    const callbacks = await completions();
    try {
      const basic = Buffer.from(`${app['client_id']}:${app['client_secret']}`).toString('base64');
      const token = await fetch(`${platform.url}/authentication/v2/token`, {
        method: 'POST',
        headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'code:all' }).toString(),
      });
      const headers = {
        Authorization: `Bearer ${((await token.json()) as TokenResponse).access_token}`,
        'Content-Type': 'application/json',
      };
      const call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
        const response = await fetch(`${platform.url}/da/us-east/v3${route}`, {
          method,
          headers,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${await response.text()}`);
        return (
          response.status === 200 && response.headers.get('content-type')?.includes('json')
            ? response.json()
            : undefined
        ) as Promise<T>;
      };
      if (!(await call<DaPage<string>>('GET', '/engines')).data.includes(ENGINE)) {
        console.warn(`automation-workitem: serve offers no ${ENGINE} engine yet; nothing to measure.`);
        return [];
      }
      await call('PATCH', '/forgeapps/me', { nickname: 'Bench' });
      const bundle = await call<DaAppBundle>('POST', '/appbundles', { id: 'Noop', engine: ENGINE });
      const form = new FormData();
      for (const [name, value] of Object.entries(bundle.uploadParameters!.formData)) form.append(name, value);
      form.append('file', new Blob([zipSync({ 'main.mjs': new Uint8Array() })]), 'noop.zip');
      if (!(await fetch(bundle.uploadParameters!.endpointURL, { method: 'POST', body: form })).ok)
        throw new Error('the appbundle upload failed');
      await call('POST', '/appbundles/Noop/aliases', { id: 'bench', version: 1 });
      await call('POST', '/activities', {
        id: 'Noop',
        engine: ENGINE,
        appbundles: ['Bench.Noop+bench'],
        commandLine: ['$(engine.path)/node "$(appbundles[Noop].path)/main.mjs"'],
      });
      await call('POST', '/activities/Noop/aliases', { id: 'bench', version: 1 });
      const workitem = async () => {
        const started = performance.now();
        const { id } = await call<WorkItemStatus>('POST', '/workitems', {
          activityId: 'Bench.Noop+bench',
          arguments: { onComplete: { verb: 'post', url: callbacks.url } },
        });
        await callbacks.done(id);
        return performance.now() - started;
      };

      const baseline: number[] = [];
      const measured: number[] = [];
      for (let run = 0; run < WARM_RUNS + RUNS; run++) {
        const bare = await bareNode();
        const took = await workitem();
        if (run >= WARM_RUNS) {
          baseline.push(bare);
          measured.push(took);
        }
      }
      const lines: BenchResult[] = [
        result('automation-workitem no-op from POST to success', median(measured), 'ms', median(baseline)),
      ];
      const started = performance.now();
      await Promise.all(Array.from({ length: PARALLEL }, () => workitem()));
      const perMinute = (PARALLEL / (performance.now() - started)) * 60_000;
      const bareStarted = performance.now();
      await Promise.all(Array.from({ length: PARALLEL }, () => bareNode()));
      const barePerMinute = (PARALLEL / (performance.now() - bareStarted)) * 60_000;
      lines.push(
        result(
          `automation-workitem no-op workitems per minute (${PARALLEL} at once, default workers)`,
          perMinute,
          'per min',
          barePerMinute,
        ),
      );
      return lines;
    } finally {
      await callbacks.close();
      await platform.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { PLATFORM_COMMAND } from '../scripts/platform-process';
import { result, type Benchmark } from './harness';
import { makeSource } from './oss-upload';
import { ossPlatform } from './oss-platform';
import { SignedUpload } from './signed-upload';

const ROUNDS = 2;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * `platform gateway` in its own process, as people run it. No token request goes through it here
 * (the bench's token comes from the upstream), so its client id and secret are placeholders.
 */
async function startGateway(upstream: string) {
  const child = spawn(
    process.execPath,
    [...PLATFORM_COMMAND, 'gateway', '--upstream', upstream, '--client-id', 'bench', '--port', '0'],
    {
      env: { ...process.env, APS_CLIENT_SECRET: 'bench-placeholder' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^gateway listening on (\S+)$/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the gateway exited (code ${code}) before listening`)));
  });
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * 1 GiB in signed 5 MiB parts through the gateway (its signed-URL rewriting included: every part
 * goes to a gateway URL that it checks and forwards) against the same upload straight to the
 * upstream platform. The two uploads take turns batch by batch (25 parts, about 125 MiB), the
 * order swapped each time, each counting only its own batches: this machine's disk writes swing
 * from ~230 to ~130 MiB/s within a minute (a plain fsynced writer shows it), and whole uploads
 * in turn gave whichever went first the fast spell.
 */
export const gatewayUpload: Benchmark = {
  name: 'gateway-upload',
  async run() {
    const platform = await ossPlatform('bench-gateway');
    const gateway = await startGateway(platform.url);
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'ddm-bench-gateway-'));
    const throughGateway = {
      call: (route: string, init: RequestInit = {}) =>
        fetch(`${gateway.url}${route}`, { ...init, headers: { ...platform.headers, ...init.headers } }),
    };
    try {
      const source = path.join(scratch, 'source.bin');
      const expected = await makeSource(source);
      const direct: number[] = [];
      const proxied: number[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const legs = [
          {
            upload: await SignedUpload.open(
              platform,
              source,
              `/oss/v2/buckets/bench-gateway/objects/direct-${round}.bin`,
            ),
            figures: direct,
          },
          {
            upload: await SignedUpload.open(
              throughGateway,
              source,
              `/oss/v2/buckets/bench-gateway/objects/gateway-${round}.bin`,
            ),
            figures: proxied,
          },
        ];
        for (let turn = 0; legs.some((leg) => !leg.upload.done); turn++) {
          for (const leg of turn % 2 === 0 ? legs : [...legs].reverse()) if (!leg.upload.done) await leg.upload.batch();
        }
        for (const leg of legs) {
          const upload = await leg.upload.complete();
          if (upload.sha1 !== expected)
            throw new Error(`gateway-upload: stored SHA-1 ${upload.sha1} is not the source's ${expected}`);
          leg.figures.push(upload.mibPerSecond);
        }
      }
      return [
        result(
          'gateway-upload 1 GiB in signed 5 MiB parts through the gateway vs straight to the upstream',
          mean(proxied),
          'MiB/s',
          mean(direct),
        ),
      ];
    } finally {
      await rm(scratch, { recursive: true, force: true });
      await gateway.stop();
      await platform.stop();
    }
  },
};

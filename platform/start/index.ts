import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { startPlatform as Contract, StartOptions } from '../../packages/platform/index';
import { parseFaultRule } from '../faults/rules';
import { parseServeOptions } from '../cli/serve-options';
import { startServeInstance } from '../cli/serve-instance';
import { exportBytes } from '../snapshot/export';
import { importState } from '../snapshot/import';
import { seedForStart, type Seeded } from './start-seed';

/** The platform for a test suite: quiet, on a free port, in a folder of its own, workers started at the first job. */
export const startPlatform: typeof Contract = async (options = {}) => {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'design-data-platform-')));
  try {
    const serveOptions = parseServeOptions(serveArgs(options, dataDir));
    serveOptions.faults.push(...(options.faults ?? []).map(parseFaultRule));
    let seeded: Seeded = { apps: [], users: [] };
    const instance = await startServeInstance(serveOptions, {
      clock: options.clock,
      say: () => undefined,
      baseline: true,
      // A suite's own DATABASE_URL names its own database, which a reset would empty: only an explicit one is used.
      databaseUrl: options.databaseUrl ?? null,
      prepare: async (ctx) => {
        seeded = await seedForStart(ctx, options.seed, serveOptions.appOrigins);
      },
    });
    return {
      url: instance.url,
      ...seeded,
      reset: () => instance.state.baseline()!.reset(),
      snapshot: () => exportBytes(instance.state),
      restore: async (archive) => void (await importState(instance.state, archive)),
      faults: {
        add: (rule) => Promise.resolve(instance.tools.faults.add(rule)),
        list: () => Promise.resolve(instance.tools.faults.list()),
        clear: () => Promise.resolve(instance.tools.faults.clear()),
      },
      async stop() {
        await instance.stop();
        if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
};

/** The options as `serve` flags; the caller's own `serveArgs` come last and win. */
function serveArgs(options: StartOptions, dataDir: string): string[] {
  return [
    ...['--port', String(options.port ?? 0), '--host', options.host ?? '127.0.0.1', '--data-dir', dataDir],
    ...['--workers-start', 'on-demand', '--db-buffers', '16', '--drain-timeout', '5'],
    ...(options.tokenTtlSeconds === undefined ? [] : ['--token-ttl', String(options.tokenTtlSeconds)]),
    ...(options.serveArgs ?? []),
  ];
}

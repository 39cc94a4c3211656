import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createWorkitemEngine } from '../../automation/engine';
import type { WorkitemEngineOptions } from '../../automation/engine-options';
import type { RunPlan, WorkitemEngine } from '../../automation/engine-types';
import { startFileServer, type FileServer } from './file-server';
import { plan, recordingHooks, scratch } from './run-harness';

export interface EngineSuite {
  server: FileServer;
  engine: WorkitemEngine;
  /** A fresh scratch folder for each test, its job folder inside. */
  dirs: Awaited<ReturnType<typeof scratch>>;
  /** Runs a plan in this test's job folder; the report is the run's lines joined. */
  run(
    fields: Partial<RunPlan>,
    signal?: AbortSignal,
  ): Promise<{
    outcome: Awaited<ReturnType<WorkitemEngine['run']>>;
    hooks: ReturnType<typeof recordingHooks>;
    report: string;
  }>;
}

/**
 * The life of an engine test file: a file server and an engine for the file (its options may use
 * the server's URL), a scratch folder for each test; all stopped and removed afterwards.
 */
export function engineSuite(options: (serverUrl: string) => WorkitemEngineOptions = () => ({})): EngineSuite {
  const suite = {
    async run(fields: Partial<RunPlan>, signal = new AbortController().signal) {
      const hooks = recordingHooks();
      const outcome = await suite.engine.run(plan(suite.dirs.jobDir, fields), hooks, signal);
      return { outcome, hooks, report: hooks.lines.join('\n') };
    },
  } as EngineSuite;
  beforeAll(async () => {
    suite.server = await startFileServer();
    suite.engine = createWorkitemEngine(options(suite.server.url));
  });
  afterAll(async () => {
    await suite.engine.close();
    await suite.server.close();
  });
  beforeEach(async () => {
    suite.dirs = await scratch();
  });
  afterEach(async () => {
    await suite.dirs.remove();
  });
  return suite;
}

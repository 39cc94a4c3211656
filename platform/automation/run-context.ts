import type { RunHooks, RunPlan } from './engine-types';
import type { EngineSettings } from './engine-options';
import type { JobArgument } from './job-arguments';

/** What every phase of one run reads and reports through. */
export interface RunContext {
  plan: RunPlan;
  hooks: RunHooks;
  signal: AbortSignal;
  settings: EngineSettings;
  /** The engine's private folder for this run (bundles, settings, temporary files), outside the job folder. */
  runDir: string;
  args: JobArgument[];
  totals: { downloaded: number; uploaded: number };
}

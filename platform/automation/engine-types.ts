import type { FinalWorkItemStatus } from '../../contracts/design-automation';

/**
 * The seam between the Design Automation service (routes, storage, the persisted state machine) and
 * the engines that run a workitem. The service resolves everything a run needs into a `RunPlan`
 * (activity snapshot, bound arguments, bundle zips on disk); the engine runs it in a job folder and
 * reports phases, log lines and progress through `RunHooks`, and ends with a `RunOutcome`.
 */

/** An activity's parameter, with the defaults filled in. */
export interface PlanParameter {
  verb: 'get' | 'head' | 'put' | 'post' | 'patch' | 'read';
  localName?: string;
  zip: boolean;
  ondemand: boolean;
  required: boolean;
  description?: string;
}

/** A workitem argument, after binding: a value written to a file, or a URL to fetch from or send to. */
export type PlanArgument =
  | { kind: 'value'; value: string }
  | {
      kind: 'url';
      /** http(s), `data:`, or `urn:adsk.objects:os.object:{bucket}/{object}` (also `{bucket}:{object}`). */
      url: string;
      verb?: string;
      headers?: Record<string, string>;
      localName?: string;
      optional?: boolean;
      pathInZip?: string;
      zip?: boolean;
    };

export interface PlanBundle {
  /** The unqualified bundle name, as `$(appbundles[Name].path)` names it. */
  name: string;
  /** The uploaded zip of the version the activity refers to, as a file the engine may read. */
  zipPath: string;
}

/** A string setting is written to a file (`$(settings[Name].path)`) or, flagged, set as an environment variable. */
export type PlanSetting =
  { value: string; isEnvironmentVariable?: boolean } | { url: string; verb?: string; headers?: Record<string, string> };

export interface RunPlan {
  workitemId: string;
  /** Qualified ids, e.g. `Local.NodeJs+22` and `Owner.Activity+alias`. */
  engineId: string;
  activityId: string;
  commandLine: string[];
  parameters: Record<string, PlanParameter>;
  /** Bound arguments by parameter name; `onComplete` and `onProgress` are not here (see hooks). */
  arguments: Record<string, PlanArgument>;
  appbundles: PlanBundle[];
  settings: Record<string, PlanSetting>;
  /** The smaller of the workitem's `limitProcessingTimeSec` and the engine's limit. */
  limitProcessingTimeSec: number;
  /** `adskDebug.uploadJobFolder`: leave a zip of the job folder for `debugInfoUrl`. */
  uploadJobFolder: boolean;
  /** `adskMask`: URLs are masked in the report. */
  mask: boolean;
  /** An empty folder the engine owns for this run; the service removes it afterwards. */
  jobDir: string;
}

export type RunPhase = 'download' | 'instructions' | 'upload';

export interface RunHooks {
  /**
   * Every HTTP request of a run (inputs, outputs) goes through this fetch. The service gives one that
   * serves the platform's own URLs in-process and refuses hosts the operator has not allowed, and
   * follows no redirect: the engine follows them with `fetchFollowingRedirects`, one hop at a time.
   */
  fetch: typeof fetch;
  /** A report line, without its timestamp (the engine's own lines and the program's output alike). */
  log(line: string): void;
  /** A phase began or ended, at the engine's clock. */
  phase(phase: RunPhase, edge: 'start' | 'end', at: Date): void;
  /** Bytes moved so far, for the stats. */
  bytes(direction: 'downloaded' | 'uploaded', count: number): void;
  /**
   * An `onProgress` report, its body to post: the program's data from `!ACESAPI:acesHttpOperation("onProgress",…)`
   * (parsed when it is JSON, else the text), or the engine's own tick every 30 s while the workitem runs,
   * `{ id, status: 'inprogress' }`.
   */
  progress(body: unknown): void;
}

export interface RunOutcome {
  status: FinalWorkItemStatus;
  /** Words for the report's end and for the app, e.g. why a download failed. */
  message?: string;
  /** Set when `uploadJobFolder` was asked for: a zip of the job folder inside `jobDir`'s parent's keeping. */
  debugZipPath?: string;
}

/** Runs workitems: a pool of sandboxed processes in `serve`, the same with small limits in tests. */
export interface WorkitemEngine {
  /** Every engine id `GET /engines` lists, the local ones and the Autodesk ones that do not run here. */
  readonly engines: readonly EngineDescription[];
  /** Resolves with the final status; an aborted signal ends the run as `cancelled`. */
  run(plan: RunPlan, hooks: RunHooks, signal: AbortSignal): Promise<RunOutcome>;
  close(): Promise<void>;
}

/** What the engines offer, for `GET /engines` and for refusing activities on unknown engines. */
export interface EngineDescription {
  /** Qualified id, e.g. `Local.NodeJs+22` or `Autodesk.AutoCAD+25_0`. */
  id: string;
  description: string;
  productVersion: string;
  version: number;
  /** False for the Autodesk engine ids listed so clients work: their workitems fail with `failedInstructions`. */
  runsLocally: boolean;
  /** Processing-time limit in seconds (`servicelimits` backendLimits). */
  limitProcessingTimeSec: number;
}

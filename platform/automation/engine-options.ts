import type { Clock } from '../config';

export interface WorkitemEngineOptions {
  /** Workitems that run at once; more wait in a queue. */
  workers?: number;
  /** The engines' own folder (their libraries' links, each run's bundles); a temporary one by default, removed on close. */
  workDir?: string;
  /** The platform's base URL, to which `urn:adsk.objects:os.object:` ids resolve. */
  platformUrl?: string;
  /** The time of phase edges (`hooks.phase`). */
  clock?: Clock;
  /** Resident memory a program may use, in MB (its JavaScript heap gets the same cap). */
  memoryMb?: number;
  /** A program that prints nothing for this long is stopped as hung (Design Automation's minute). */
  heartbeatMs?: number;
  /** Bytes all inputs of a workitem may have together (on-demand ones included). */
  maxDownloadBytes?: number;
  /** Bytes one output may have (its zip, when zipped). */
  maxUploadBytes?: number;
  /** Bytes the job folder may hold while the program runs; also each file's cap. */
  maxJobFolderBytes?: number;
  /** Bytes the appbundles of an activity may have once extracted (Design Automation's 500 MB). */
  maxBundleBytes?: number;
  /** Entries a zip (input or appbundle) may hold. */
  maxZipEntries?: number;
  /** How often a running program's memory and its job folder's size are read. */
  pollMs?: number;
  /** Bytes of a program's output kept in the report. */
  maxLogBytes?: number;
  /** How often a running workitem's `onProgress` is called without the program asking (Design Automation's 30 s). */
  progressTickMs?: number;
}

export type EngineSettings = Required<Omit<WorkitemEngineOptions, 'workDir' | 'platformUrl'>> &
  Pick<WorkitemEngineOptions, 'workDir' | 'platformUrl'>;

const MB = 1024 * 1024;

export function engineSettings(options: WorkitemEngineOptions): EngineSettings {
  return {
    workers: 2,
    clock: { now: () => new Date() },
    memoryMb: 2048,
    heartbeatMs: 60_000,
    maxDownloadBytes: 2048 * MB,
    maxUploadBytes: 2048 * MB,
    maxJobFolderBytes: 4096 * MB,
    maxBundleBytes: 500 * MB,
    maxZipEntries: 20_000,
    pollMs: 250,
    maxLogBytes: 4 * MB,
    progressTickMs: 30_000,
    ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)),
  };
}

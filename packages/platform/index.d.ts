/** The time the platform goes by: tokens, expiry, retention. Tests move it by hand. */
export interface Clock {
  now(): Date;
}

/** A fault to make on purpose: see docs/testing-with-the-platform.md#faults. */
export type FaultRule = Record<string, unknown>;

export interface StartOptions {
  /** 0 (default) for a free port. */
  port?: number;
  /** 127.0.0.1 by default. */
  host?: string;
  /** Where the data lives; default a temporary folder removed by `stop()`. */
  dataDir?: string;
  /** `'demo'`, a seed file's path, or a seed document (the shape of seed.schema.json). */
  seed?: string | Record<string, unknown>;
  /** Faults in place from the start. */
  faults?: FaultRule[];
  /** Lifetime of access tokens in seconds (default 3600, as APS). */
  tokenTtlSeconds?: number;
  clock?: Clock;
  /**
   * A PostgreSQL server to keep the metadata on (its schema is the platform's; a reset or restore
   * replaces its rows). Default: the embedded database in `dataDir`, whatever DATABASE_URL says.
   */
  databaseUrl?: string;
  /** Any other `serve` flags, as on the command line, e.g. `['--rate-limits', 'off']`. */
  serveArgs?: string[];
}

export interface SeededApp {
  name: string;
  clientId: string;
  /** Absent for a public app. */
  clientSecret?: string;
  type: string;
  callbacks: string[];
}

export interface SeededUser {
  email: string;
  name: string;
  password: string;
}

export interface StartedPlatform {
  /** The base URL the official clients take, e.g. http://127.0.0.1:41235 */
  url: string;
  apps: SeededApp[];
  users: SeededUser[];
  /** Back to the state right after the seed. */
  reset(): Promise<void>;
  /** The whole state, metadata and bytes, as one archive. */
  snapshot(): Promise<Uint8Array>;
  /** The state of an archive from `snapshot()` or `admin export`, all or nothing. */
  restore(archive: Uint8Array): Promise<void>;
  faults: {
    add(rule: FaultRule): Promise<{ id: string }>;
    list(): Promise<FaultRule[]>;
    clear(): Promise<void>;
  };
  /** Stops the platform and removes its temporary data folder. */
  stop(): Promise<void>;
}

/** Starts the platform in this process; resolves once it answers requests. */
export declare function startPlatform(options?: StartOptions): Promise<StartedPlatform>;

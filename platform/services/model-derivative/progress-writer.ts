// The manifest shows progress, but one write per 5 % is plenty for pollers.
const PROGRESS_STEP = 5;
/**
 * A job's progress is written this long after it was reported, with whatever was reported since:
 * a write empties the embedded database's read memory and queues the job's own statements behind
 * it, and a job shorter than this (most small files) has nothing worth showing before its end.
 */
export const PROGRESS_DELAY_MS = 250;

export interface ProgressWriter {
  /** The engine's progress, 0–100. */
  report(percent: number): void;
  /** The job ended or stopped: nothing more is written. */
  stop(): void;
}

/** Writes a job's progress at most once per `delayMs`, in steps of at least 5 %, never 100 (the end says that). */
export function progressWriter(
  write: (percent: number) => Promise<unknown>,
  delayMs = PROGRESS_DELAY_MS,
): ProgressWriter {
  let saved = 0;
  let latest = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const flush = () => {
    timer = undefined;
    if (stopped) return;
    saved = latest;
    writing = writing.then(() => write(saved)).catch(() => undefined);
  };
  return {
    report(percent) {
      latest = Math.max(latest, Math.min(99, Math.floor(percent)));
      if (!stopped && !timer && latest >= saved + PROGRESS_STEP) timer = setTimeout(flush, delayMs);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { RunFailure } from './run-failure';
import { folderBytes } from './zip-folder';

export interface ProcessLimits {
  /** Wall-clock time the process may take: what is left of the workitem's limit. */
  timeMs: number;
  /** The workitem's limit, for the words of a failure. */
  limitSec: number;
  /** Resident memory of the process (JS heap, wasm and the rest). */
  memoryMb: number;
  /** Bytes the job folder may hold. */
  maxFolderBytes: number;
  /** Time the process may go without printing anything. */
  heartbeatMs: number;
  /** How often memory and the folder's size are read. */
  pollMs: number;
  /** Report bytes kept of its output; the rest is counted, not kept. */
  maxLogBytes: number;
}

export interface ProcessSpec {
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  /** The folder whose size is capped. */
  folder: string;
}

export interface ProcessIo {
  line(text: string): void;
  /** Every line of standard output, also those past the log's cap (for `!ACESAPI` requests). */
  stdoutLine(text: string, answer: (reply: string) => void): void;
}

const MAX_LINE = 16 * 1024;

/** Splits a stream's chunks into lines, long lines cut into pieces. */
function lineReader(onLine: (line: string) => void): { push(chunk: Buffer): void; end(): void } {
  let pending = '';
  const emit = (line: string) => {
    for (let at = 0; at < line.length || at === 0; at += MAX_LINE) onLine(line.slice(at, at + MAX_LINE));
  };
  return {
    push(chunk) {
      pending += chunk.toString('utf8');
      const lines = pending.split(/\r?\n/);
      pending = lines.pop() ?? '';
      for (const line of lines) emit(line);
      if (pending.length > MAX_LINE) {
        emit(pending);
        pending = '';
      }
    },
    end() {
      if (pending) emit(pending);
      pending = '';
    },
  };
}

/** Resident memory in MB of a process and its descendants, from /proc (Linux); 0 elsewhere. */
async function treeResidentMb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const own = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024;
    const children = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8')).trim().split(/\s+/).filter(Boolean);
    const theirs = await Promise.all(children.map((child) => treeResidentMb(Number(child))));
    return own + theirs.reduce((sum, mb) => sum + mb, 0);
  } catch {
    return 0;
  }
}

type Stop = (failure: RunFailure) => void;
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** Starts the clocks and the polling that stop a process at its limits; returns what clears them and the heartbeat to refresh on output. */
function watchLimits(
  pid: number,
  spec: ProcessSpec,
  limits: ProcessLimits,
  stop: Stop,
): { heartbeat: NodeJS.Timeout; clear(): void } {
  const timer = setTimeout(
    () =>
      stop(
        new RunFailure(
          'failedLimitProcessingTime',
          `The program ran past the workitem's limit of ${limits.limitSec} s and was stopped.`,
        ),
      ),
    limits.timeMs,
  );
  const heartbeat = setTimeout(
    () =>
      stop(
        new RunFailure(
          'failedLimitProcessingTime',
          `The program printed nothing for ${seconds(limits.heartbeatMs)} and was stopped as hung (a program must print something at least that often).`,
        ),
      ),
    limits.heartbeatMs,
  );
  let polling = false;
  const poll = setInterval(() => {
    if (polling) return;
    polling = true;
    void Promise.all([treeResidentMb(pid), folderBytes(spec.folder)])
      .then(([mb, bytes]) => {
        if (mb > limits.memoryMb)
          stop(
            new RunFailure(
              'failedInstructions',
              `The program used more than ${limits.memoryMb} MB of memory and was stopped.`,
            ),
          );
        if (bytes > limits.maxFolderBytes)
          stop(
            new RunFailure(
              'failedLimitDataSize',
              `The job folder grew past its limit of ${limits.maxFolderBytes} bytes and the program was stopped.`,
            ),
          );
      })
      .finally(() => (polling = false));
  }, limits.pollMs);
  return {
    heartbeat,
    clear() {
      clearTimeout(timer);
      clearTimeout(heartbeat);
      clearInterval(poll);
    },
  };
}

/**
 * Runs one sandboxed process to its end, in a process group of its own that is killed whole on any
 * limit or on abort. Resolves when it exited with code 0; otherwise throws the `RunFailure` that
 * says why, in words.
 */
export function runProcess(
  spec: ProcessSpec,
  limits: ProcessLimits,
  io: ProcessIo,
  signal: AbortSignal,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const [command, ...args] = spec.argv as [string, ...string[]];
    const child = spawn(command, args, {
      cwd: spec.cwd,
      env: spec.env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stopped: RunFailure | undefined;
    const stop: Stop = (failure) => {
      stopped ??= failure;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const watch = child.pid ? watchLimits(child.pid, spec, limits, stop) : undefined;
    const onAbort = () => stop(new RunFailure('cancelled', 'The workitem was cancelled while its program ran.'));
    signal.addEventListener('abort', onAbort);
    if (signal.aborted) onAbort();

    let logged = 0;
    let heapExhausted = false;
    const keep = (line: string) => {
      if (logged > limits.maxLogBytes) return;
      logged += line.length + 1;
      io.line(
        logged > limits.maxLogBytes
          ? `(further output is left out of the report: it passed ${limits.maxLogBytes} bytes)`
          : line,
      );
    };
    const answer = (reply: string) => {
      if (child.stdin.writable) child.stdin.write(reply);
    };
    const stdout = lineReader((line) => {
      keep(line);
      io.stdoutLine(line, answer);
    });
    const stderr = lineReader((line) => {
      if (line.includes('JavaScript heap out of memory')) heapExhausted = true;
      keep(line);
    });
    child.stdin.on('error', () => undefined);
    for (const [stream, reader] of [
      [child.stdout, stdout],
      [child.stderr, stderr],
    ] as const) {
      stream.on('data', (chunk: Buffer) => {
        watch?.heartbeat.refresh();
        reader.push(chunk);
      });
    }
    let settled = false;
    const settle = (failure?: RunFailure) => {
      if (settled) return;
      settled = true;
      watch?.clear();
      signal.removeEventListener('abort', onAbort);
      if (failure) reject(failure);
      else resolve();
    };
    child.on('error', (error) => {
      stop(new RunFailure('failedInstructions', `The program could not be started: ${error.message}`));
      if (!child.pid) settle(stopped);
    });
    child.on('close', (code, killedBy) => {
      stdout.end();
      stderr.end();
      if (stopped) return settle(stopped);
      if (code === 0) return settle();
      if (heapExhausted)
        return settle(
          new RunFailure(
            'failedInstructions',
            `The program ran out of memory: its JavaScript heap is limited to ${limits.memoryMb} MB.`,
          ),
        );
      settle(
        new RunFailure(
          'failedInstructions',
          killedBy ? `The program was stopped by ${killedBy}.` : `The program exited with code ${code}.`,
        ),
      );
    });
  });
}

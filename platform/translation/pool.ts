import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_DIR } from '../build-dir';
import {
  TranslationTimeoutError,
  type ProgressListener,
  type TranslationRequest,
  type TranslationResult,
  type Translator,
} from './engine-types';
import { TranslationError } from './model';
import type { FromWorker, ToWorker } from './worker-protocol';

export interface WorkerPoolOptions {
  /** Jobs that run at once, one process each (2 on 2 cores: a job uses both only while it runs alone). */
  workers: number;
  /** A job running longer ends as `timeout` and its process is killed. */
  timeoutMs: number;
  /** A process whose resident memory (JS heap and wasm) goes past this is killed and its job fails. */
  memoryMb: number;
  /** The worker module; tests pass a hostile one. */
  entry?: string;
  /** How often a running job's memory is read. */
  memoryPollMs?: number;
  /**
   * Start the workers ahead of the jobs, one after another, and warm each (the engine run on files
   * of our own) before it takes a job, and put a warm one in the place of each that retires: the
   * first job then costs what later ones do. Without it a worker starts at the first job that finds
   * none idle.
   */
  warm?: boolean;
}

export interface WorkerPool extends Translator {
  /** Resolves once every worker the pool keeps is started and warm (at once without `warm`). */
  ready(): Promise<void>;
}

interface Job {
  request: TranslationRequest;
  onProgress: ProgressListener;
  signal: AbortSignal;
  resolve: (result: TranslationResult) => void;
  reject: (error: Error) => void;
}

interface Worker {
  child: ChildProcess;
  job?: Job;
  jobsDone: number;
  /** Past half its memory limit after a job: retired before the next. */
  worn?: boolean;
  /** Running its warm-up: it takes no job until it has `warmed`. */
  warming?: boolean;
  /** Told a job waits for it: its warm-up ends after the run under way. */
  hurried?: boolean;
  /** Killed and on its way out: no longer one of the workers the pool keeps. */
  retiring?: boolean;
}

const DEFAULT_ENTRY = BUILD_DIR
  ? path.join(BUILD_DIR, 'worker-main.mjs')
  : fileURLToPath(new URL('./worker-main.ts', import.meta.url));
// A test's own worker entry is TypeScript, whichever way the platform runs.
const LOADER_ARGS = (entry: string) => (entry.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : []);
// A long-lived worker keeps web-ifc and OCCT loaded (0.6 s a job) and its code optimised (a fresh one
// takes several jobs to reach full speed), so it is retired when it has grown, not after a fixed few jobs:
// past half its memory limit after a job (wasm memory never shrinks), and after this many jobs in any case.
const MAX_JOBS_PER_WORKER = 500;
/**
 * Without Liftoff, web-ifc's WebAssembly functions are compiled optimised at their first call, which
 * the warm-up makes (warm-up/ifc4.ts). V8's memory reducer shrank an idle worker's heaps some seconds
 * after its last job (the main thread's 69 MB to 34, each geometry thread's 38 to 20), and the next
 * job paid for growing them again: FZK-Haus's job after 15 s idle took 1.24 times a back-to-back one,
 * 1.08 without the reducer. A person's jobs come seconds apart, not back to back; an idle worker
 * holds about 60 MB more for it.
 */
const WORKER_V8_FLAGS = ['--no-liftoff', '--no-memory-reducer'];

/**
 * Runs translations in separate Node processes, at most `workers` at a time, queueing the rest. A job
 * that hangs, grows past its memory or crashes its process fails on its own; the platform goes on.
 */
export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const workers = new Set<Worker>();
  const idle: Worker[] = [];
  const queue: Job[] = [];
  const readyWaiters: (() => void)[] = [];
  let closed = false;

  const kept = () => [...workers].filter((worker) => !worker.retiring);
  const allWarm = () =>
    closed || !options.warm || (kept().length >= options.workers && kept().every((worker) => !worker.warming));
  function settleReady() {
    if (allWarm()) for (const resolve of readyWaiters.splice(0)) resolve();
  }
  /** Warm mode keeps `workers` processes, started ahead of the jobs, one warming at a time: the first is ready sooner. */
  function topUp() {
    while (options.warm && !closed && kept().length < options.workers && !kept().some((worker) => worker.warming))
      spawn();
  }
  /** Kills a worker; in warm mode its replacement starts warming at once, not when the next job comes. */
  function retire(worker: Worker, signal?: NodeJS.Signals) {
    worker.retiring = true;
    worker.child.kill(signal);
    topUp();
  }

  function spawn(): Worker {
    const entry = options.entry ?? DEFAULT_ENTRY;
    const child = fork(entry, [], {
      execArgv: [...WORKER_V8_FLAGS, ...LOADER_ARGS(entry), `--max-old-space-size=${options.memoryMb}`],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    const worker: Worker = { child, jobsDone: 0, warming: options.warm === true };
    workers.add(worker);
    if (options.warm) child.send({ type: 'warm' } satisfies ToWorker);
    child.on('message', (message: FromWorker) => onMessage(worker, message));
    child.on('exit', (code, signal) => {
      workers.delete(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      const how = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
      // One that died warming is not replaced at once (it would only die again); the next job starts one.
      if (!worker.warming) topUp();
      finish(worker, (job) =>
        job.reject(
          new TranslationError('TranslationWorker-Crashed', `The translation worker ${how} while reading this file.`),
        ),
      );
    });
    return worker;
  }

  function onMessage(worker: Worker, message: FromWorker) {
    if (message.type === 'warmed') {
      worker.warming = false;
      idle.push(worker);
      topUp();
      settleReady();
      return pump();
    }
    const job = worker.job;
    if (message.type === 'ready' || !job) return;
    if (message.type === 'progress') return job.onProgress(message.percent);
    if (message.residentMb > options.memoryMb / 2) worker.worn = true;
    if (message.type === 'done') finish(worker, (done) => done.resolve(message.result), true);
    else finish(worker, (failed) => failed.reject(new TranslationError(message.code, message.message)), true);
  }

  /** Settles the worker's job once; a worker still alive goes back to work or, when worn, away. */
  function finish(worker: Worker, settle: (job: Job) => void, alive = false) {
    const job = worker.job;
    worker.job = undefined;
    if (job) {
      stopWatching.get(job)?.();
      settle(job);
    }
    if (alive) {
      worker.jobsDone += 1;
      if (worker.worn || worker.jobsDone >= MAX_JOBS_PER_WORKER || closed) retire(worker);
      else idle.push(worker);
    }
    pump();
  }

  const stopWatching = new WeakMap<Job, () => void>();

  function watch(worker: Worker, job: Job) {
    const kill = (error: Error) => {
      if (worker.job !== job) return;
      retire(worker, 'SIGKILL');
      finish(worker, (stopped) => stopped.reject(error));
    };
    const timeout = setTimeout(
      () =>
        kill(
          new TranslationTimeoutError(
            `The translation took longer than ${Math.round(options.timeoutMs / 1000)} s and was stopped.`,
          ),
        ),
      options.timeoutMs,
    );
    const memory = setInterval(() => {
      void residentMb(worker.child.pid).then((mb) => {
        if (mb > options.memoryMb)
          kill(
            new TranslationError(
              'TranslationWorker-OutOfMemory',
              `The translation needed more than ${options.memoryMb} MB of memory and was stopped.`,
            ),
          );
      });
    }, options.memoryPollMs ?? 250);
    const onAbort = () => kill(new DOMException('The translation was cancelled.', 'AbortError'));
    job.signal.addEventListener('abort', onAbort);
    stopWatching.set(job, () => {
      clearTimeout(timeout);
      clearInterval(memory);
      job.signal.removeEventListener('abort', onAbort);
    });
  }

  /**
   * Jobs wait and no worker is idle: as many warming workers as there are waiting jobs, the oldest
   * first, end their warm-up after the run under way. A job that came during the warm-up waited for
   * all of it (8 s on two cores at a start), far longer than it would take cold.
   */
  function hurryWarming() {
    const warming = kept().filter((worker) => worker.warming);
    for (const worker of warming.slice(0, queue.length)) {
      if (worker.hurried) continue;
      worker.hurried = true;
      worker.child.send({ type: 'hurry' } satisfies ToWorker);
    }
  }

  function pump() {
    while (!closed && queue.length > 0) {
      // The worker idle longest takes the job: a first job after a start took 1.15 times the warm ones
      // on the worker warm first, 1.36 on the one warm last (FZK-Haus, eight starts each, interleaved;
      // why is not known: neither uses CPU once warm). A warming worker takes its job once warm; a
      // cold pool starts one for the job.
      const worker = idle.shift() ?? (kept().length < options.workers && !options.warm ? spawn() : undefined);
      if (!worker) {
        topUp();
        return hurryWarming();
      }
      const job = queue.shift() as Job;
      if (job.signal.aborted) {
        idle.unshift(worker);
        job.reject(new DOMException('The translation was cancelled.', 'AbortError'));
        continue;
      }
      worker.job = job;
      watch(worker, job);
      const others = [...workers].filter((other) => other !== worker && other.job);
      const message: ToWorker = {
        type: 'translate',
        id: worker.jobsDone,
        request: job.request,
        alone: others.length === 0,
      };
      worker.child.send(message);
      for (const other of others) other.child.send({ type: 'crowded' } satisfies ToWorker);
    }
  }

  topUp();
  return {
    ready() {
      if (allWarm()) return Promise.resolve();
      return new Promise<void>((resolve) => readyWaiters.push(resolve));
    },
    translate(request, onProgress, signal) {
      if (closed) return Promise.reject(new Error('The translation pool is closed.'));
      return new Promise<TranslationResult>((resolve, reject) => {
        queue.push({ request, onProgress, signal, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      settleReady();
      for (const job of queue.splice(0)) job.reject(new Error('The platform is stopping.'));
      const exits = [...workers].map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.child.exitCode !== null || worker.child.signalCode !== null) return resolve();
            worker.child.once('exit', () => resolve());
            worker.child.kill('SIGKILL');
          }),
      );
      await Promise.all(exits);
    },
  };
}

/** The process's resident set in MB, from /proc (Linux); 0 where that cannot be read. */
async function residentMb(pid: number | undefined): Promise<number> {
  if (!pid) return 0;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

import path from 'node:path';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { BUILD_DIR } from '../../build-dir';
import type { TriangleMesh } from '../model';
import type { ElementMeshes, FromIfcThread, ReadGeometry } from './ifc-thread-protocol';

export interface ThreadGeometry {
  /** web-ifc's name for the file's schema (IFC2X3, IFC4, IFC4X3). */
  schema: string;
  /** Meshes per element express id, one per colour. */
  meshes: Map<number, TriangleMesh[]>;
  /** Geometries web-ifc gave without a triangle (skipped). */
  empty: number;
  /** The threads that streamed it: 2 when a helper joined in time. */
  threads: number;
}

/** When the first thread asks for help: after streaming this long, in a file of at most this size. */
export interface HelpRule {
  helpAfterMs?: number;
  helpedUpToBytes?: number;
}

export interface IfcThreadReading {
  geometry: Promise<ThreadGeometry>;
  /** Every thumbnail size's PNG, rendered from the geometry once it is read. */
  thumbnails: Promise<Map<number, Uint8Array>>;
  /** No more batches for `onMeshes`: the caller failed first, and work ahead for it would be wasted. */
  abandon(): void;
}

// Node 20 does not apply `--import` loaders to a worker thread's entry: under tsx the thread registers it itself.
const BUILT_ENTRY = BUILD_DIR && path.join(BUILD_DIR, 'ifc-thread-main.mjs');
const newThread = BUILT_ENTRY
  ? () => new Worker(BUILT_ENTRY)
  : () => {
      const entry = new URL('./ifc-thread-main.ts', import.meta.url).href;
      return new Worker(
        `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`,
        { eval: true },
      );
    };

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: Error) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void, reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  // A reading whose caller gave up (its properties failed first) must not end the process as unhandled.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

interface Reading {
  geometry: Deferred<ThreadGeometry>;
  thumbnails: Deferred<Map<number, Uint8Array>>;
  /** Every element streamed so far. */
  elements: ElementMeshes;
  /** Threads still streaming. */
  streaming: number;
  /** The thumbnails have come (while a helper that came too late may still be to answer). */
  drawn?: boolean;
  /** The thread that joins in if the first asks for help, and what it is sent. */
  helper?: Worker | undefined;
  bytes: Uint8Array;
  claims: Int32Array;
  peer: MessagePort;
  schema: string;
  empty: number;
  threads: number;
  onMeshes?: (batch: ElementMeshes) => void;
}

// A helper must open the whole model before it streams a thing: worth it only for a model whose
// streaming outlasts that, not for one of a single element (most of the small ones).
const HELP_AFTER_MS = 10;
// Up to two threads stream one model's elements between them, the second opening the model too once
// the first has streamed for a while: FZK-Haus's and Office_A's jobs took 0.85-0.94 of their time
// with one thread (taking turns in one process).
const MAX_THREADS = 2;
// A helper holds the model in its own web-ifc too (FZK-Haus, 2.5 MB, took web-ifc's memory from 16 to
// 133 MB): past this size a second copy could push a worker past its --job-memory, so it reads alone.
const HELPED_UP_TO_BYTES = 16 << 20;
const pending = new Map<number, Reading>();
let threads: Worker[] = [];
let wanted = MAX_THREADS;
let lastId = 0;

/** How many threads the next readings use (1 or 2); with 1, the helpers of readings under way stop claiming elements too. */
export function useGeometryThreads(count: number): void {
  wanted = Math.min(MAX_THREADS, Math.max(1, Math.floor(count)));
  if (wanted === 1) for (const reading of pending.values()) Atomics.store(reading.claims, 1, 1);
}

/**
 * Reads an IFC file's geometry in the worker's geometry threads, so a job uses both cores while it is
 * the only one: web-ifc triangulates there while the caller reads the properties. The threads start
 * on first use (web-ifc's 0.6 s start-up is paid once) and never keep the process alive.
 * `onMeshes` gets the geometry in batches as the threads stream it, before `geometry` settles; the
 * geometry is in express id order, whichever thread streamed which.
 */
export function readIfcInThread(
  bytes: Uint8Array,
  onMeshes?: (batch: ElementMeshes) => void,
  { helpAfterMs = HELP_AFTER_MS, helpedUpToBytes = HELPED_UP_TO_BYTES }: HelpRule = {},
): IfcThreadReading {
  // Both start at the first reading, even when it wants one: web-ifc's start-up in the middle of a later job would cost that job 0.6 s.
  while (threads.length < MAX_THREADS) threads.push(started());
  const [first, second] = threads.slice(0, wanted) as [Worker, Worker?];
  const helper = bytes.byteLength <= helpedUpToBytes ? second : undefined;
  const id = ++lastId;
  // One copy every thread reads, rather than one each.
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  shared.set(bytes);
  const claims = new Int32Array(new SharedArrayBuffer(12));
  const { port1, port2 } = new MessageChannel();
  const reading: Reading = {
    geometry: deferred(),
    thumbnails: deferred(),
    elements: [],
    streaming: 1,
    helper,
    bytes: shared,
    claims,
    peer: port2,
    schema: '',
    empty: 0,
    threads: 0,
    ...(onMeshes ? { onMeshes } : {}),
  };
  pending.set(id, reading);
  threads.forEach((worker) => worker.ref());
  first.postMessage({ id, bytes: shared, claims, first: true, helpAfterMs, peer: port1 } satisfies ReadGeometry, [
    port1,
  ]);
  return {
    geometry: reading.geometry.promise,
    thumbnails: reading.thumbnails.promise,
    abandon: () => delete reading.onMeshes,
  };
}

/** Stops the threads (readings under way fail); the next reading starts new ones. */
export async function stopIfcThreads(): Promise<void> {
  await Promise.all(threads.map((worker) => worker.terminate()));
}

function started(): Worker {
  const worker = newThread();
  worker.on('message', answered);
  worker.on('error', (error) => stopped(worker, `the geometry thread failed (${error.message})`));
  worker.on('exit', (code) => stopped(worker, `the geometry thread stopped (exit code ${code})`));
  return worker;
}

function answered(message: FromIfcThread): void {
  const reading = pending.get(message.id);
  if (!reading) return;
  if (message.type === 'meshes' || message.type === 'geometry') return streamed(reading, message);
  if (message.type === 'help') return helped(message.id, reading);
  if (message.type === 'thumbnails' || message.stage === 'thumbnails') {
    if (message.type === 'thumbnails') reading.thumbnails.resolve(new Map(message.pictures));
    else reading.thumbnails.reject(new Error(message.message));
    reading.drawn = true;
    // A helper that came too late may still have to say so: the reading ends with its geometry.
    if (reading.streaming === 0) settled(message.id);
    return;
  }
  reading.thumbnails.reject(new Error(message.message));
  reading.geometry.reject(new Error(message.message));
  settled(message.id);
}

function streamed(reading: Reading, message: Extract<FromIfcThread, { type: 'meshes' | 'geometry' }>): void {
  reading.elements.push(...message.meshes);
  if (message.type === 'geometry') {
    reading.streaming--;
    // A helper that came too late streamed nothing and knows no schema.
    if (message.schema) reading.threads++;
    reading.schema ||= message.schema;
    reading.empty += message.empty;
  }
  try {
    reading.onMeshes?.(message.meshes);
  } catch {
    // Work ahead is only ahead: the writer redoes what it lacks, and reports any failure with the job.
    delete reading.onMeshes;
  }
  if (message.type !== 'geometry' || reading.streaming > 0) return;
  const meshes = new Map(reading.elements.sort((a, b) => a[0] - b[0]));
  reading.geometry.resolve({ schema: reading.schema, meshes, empty: reading.empty, threads: reading.threads });
  if (reading.drawn) settled(message.id);
}

function helped(id: number, reading: Reading): void {
  const { helper } = reading;
  // A job that another has joined since it started keeps the second core for that one.
  if (!helper || Atomics.load(reading.claims, 1)) return;
  delete reading.helper;
  try {
    helper.postMessage(
      {
        id,
        bytes: reading.bytes,
        claims: reading.claims,
        first: false,
        helpAfterMs: 0,
        peer: reading.peer,
      } satisfies ReadGeometry,
      [reading.peer],
    );
    reading.streaming++;
  } catch {
    // This thread was busy past the first thread's end: that thread has closed the channel to a helper,
    // and transferring a closed port throws. Nothing was left to help with.
  }
}

function settled(id: number): void {
  const reading = pending.get(id);
  if (reading) {
    // A reading that failed first stops its helper: its elements would only hold up the next reading's.
    Atomics.store(reading.claims, 1, 1);
    reading.peer.close();
  }
  pending.delete(id);
  if (pending.size === 0) threads.forEach((worker) => worker.unref());
}

/** A thread gone takes the elements it claimed with it: every reading under way fails, and the others stop too. */
function stopped(worker: Worker, reason: string): void {
  if (!threads.includes(worker)) return;
  const others = threads.filter((thread) => thread !== worker);
  threads = [];
  for (const reading of pending.values()) {
    reading.geometry.reject(new Error(reason));
    reading.thumbnails.reject(new Error(reason));
  }
  pending.clear();
  for (const other of others) void other.terminate();
}

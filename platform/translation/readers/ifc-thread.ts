import { Worker } from 'node:worker_threads';
import type { TriangleMesh } from '../model';
import type { ElementMeshes, FromIfcThread, ReadGeometry } from './ifc-thread-protocol';

export interface ThreadGeometry {
  /** web-ifc's name for the file's schema (IFC2X3, IFC4, IFC4X3). */
  schema: string;
  /** Meshes per element express id, one per colour. */
  meshes: Map<number, TriangleMesh[]>;
  /** Geometries web-ifc gave without a triangle (skipped). */
  empty: number;
}

export interface IfcThreadReading {
  geometry: Promise<ThreadGeometry>;
  /** Every thumbnail size's PNG, rendered from the geometry once it is read. */
  thumbnails: Promise<Map<number, Uint8Array>>;
  /** No more batches for `onMeshes`: the caller failed first, and work ahead for it would be wasted. */
  abandon(): void;
}

const ENTRY = new URL('./ifc-thread-main.ts', import.meta.url).href;
// Node 20 does not apply `--import` loaders to a worker thread's entry: the thread registers tsx itself.
const BOOT = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(ENTRY)}); });`;

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
  meshes: Map<number, TriangleMesh[]>;
  onMeshes?: (batch: ElementMeshes) => void;
}

const pending = new Map<number, Reading>();
let thread: Worker | undefined;
let lastId = 0;

/**
 * Reads an IFC file's geometry in the worker's second thread, so a job uses both cores while it is
 * the only one: web-ifc triangulates there while the caller reads the properties. One thread per
 * process, started on first use (web-ifc's 0.6 s start-up is paid once) and never keeping it alive.
 * `onMeshes` gets the geometry in batches as the thread streams it, in order, before `geometry` settles.
 */
export function readIfcInThread(bytes: Uint8Array, onMeshes?: (batch: ElementMeshes) => void): IfcThreadReading {
  const worker = (thread ??= started());
  const id = ++lastId;
  const reading: Reading = { geometry: deferred<ThreadGeometry>(), thumbnails: deferred<Map<number, Uint8Array>>(), meshes: new Map(), ...(onMeshes ? { onMeshes } : {}) };
  pending.set(id, reading);
  worker.ref();
  worker.postMessage({ id, bytes } satisfies ReadGeometry);
  return { geometry: reading.geometry.promise, thumbnails: reading.thumbnails.promise, abandon: () => delete reading.onMeshes };
}

/** Stops the thread (readings under way fail); the next reading starts a new one. */
export async function stopIfcThread(): Promise<void> {
  await thread?.terminate();
}

function started(): Worker {
  const worker = new Worker(BOOT, { eval: true });
  worker.on('message', answered);
  worker.on('error', (error) => stopped(worker, `the geometry thread failed (${error.message})`));
  worker.on('exit', (code) => stopped(worker, `the geometry thread stopped (exit code ${code})`));
  return worker;
}

function answered(message: FromIfcThread): void {
  const reading = pending.get(message.id);
  if (!reading) return;
  if (message.type === 'meshes' || message.type === 'geometry') {
    for (const [expressId, meshes] of message.meshes) reading.meshes.set(expressId, meshes);
    try {
      reading.onMeshes?.(message.meshes);
    } catch {
      // Work ahead is only ahead: the writer redoes what it lacks, and reports any failure with the job.
      delete reading.onMeshes;
    }
    if (message.type === 'geometry') reading.geometry.resolve({ schema: message.schema, meshes: reading.meshes, empty: message.empty });
    return;
  }
  if (message.type === 'thumbnails') reading.thumbnails.resolve(new Map(message.pictures));
  else {
    reading.thumbnails.reject(new Error(message.message));
    if (message.stage === 'geometry') reading.geometry.reject(new Error(message.message));
  }
  pending.delete(message.id);
  if (pending.size === 0) thread?.unref();
}

function stopped(worker: Worker, reason: string): void {
  if (thread !== worker) return;
  thread = undefined;
  for (const reading of pending.values()) {
    reading.geometry.reject(new Error(reason));
    reading.thumbnails.reject(new Error(reason));
  }
  pending.clear();
}

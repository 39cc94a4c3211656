import type { MessagePort } from 'node:worker_threads';
import type { TriangleMesh } from '../model';

/**
 * What the IFC geometry threads are asked (ifc-thread.ts) and answer (ifc-thread-main.ts): stream
 * the model's elements, in express id order, taking turns with the other thread reading it. Each
 * takes the next unclaimed run of elements from `claims[0]`, an Int32Array both share. The `first`
 * thread asks for help when streaming proves long, streams all that are left and draws the
 * thumbnails; a helper stops claiming once `claims[1]` is set, and hands its elements over to the
 * first thread through `peer`, the two ends of one channel. `claims[2]` counts the helpers that
 * joined, until the first closes it (its top bit) when it has streamed its last element.
 */
export interface ReadGeometry {
  id: number;
  bytes: Uint8Array;
  claims: Int32Array;
  first: boolean;
  /** How long the first thread streams before it asks for help. */
  helpAfterMs: number;
  peer: MessagePort;
}

/** Elements' meshes as a thread streamed them; their arrays are views of SharedArrayBuffers. */
export type ElementMeshes = Array<[expressId: number, meshes: TriangleMesh[]]>;

export type FromIfcThread =
  /** The first thread has streamed for a while and elements are left: another thread may help. */
  | { type: 'help'; id: number }
  /** A batch of the geometry, while the thread streams the rest. */
  | { type: 'meshes'; id: number; meshes: ElementMeshes }
  /** This thread's last batch, and what it knows once no element is left to claim (a helper that came too late knows no schema). */
  | { type: 'geometry'; id: number; schema: string; meshes: ElementMeshes; empty: number }
  | { type: 'thumbnails'; id: number; pictures: Array<[size: number, png: Uint8Array]> }
  /** `stage` says which answer this one replaces; a failed geometry is the job's last message. */
  | { type: 'failed'; id: number; stage: 'geometry' | 'thumbnails'; message: string };

import type { TriangleMesh } from '../model';

/** What the IFC geometry thread is asked (ifc-thread.ts) and answers (ifc-thread-main.ts). */
export interface ReadGeometry {
  id: number;
  bytes: Uint8Array;
}

/** Elements' meshes in the order web-ifc streams them; their arrays are views of SharedArrayBuffers, which the thread goes on reading for the thumbnails. */
export type ElementMeshes = Array<[expressId: number, meshes: TriangleMesh[]]>;

export type FromIfcThread =
  /** A batch of the geometry, while the thread streams the rest. */
  | { type: 'meshes'; id: number; meshes: ElementMeshes }
  /** The last batch, and what is known once every element is streamed. */
  | { type: 'geometry'; id: number; schema: string; meshes: ElementMeshes; empty: number }
  | { type: 'thumbnails'; id: number; pictures: Array<[size: number, png: Uint8Array]> }
  /** `stage` says which answer this one replaces; a failed geometry is the job's last message. */
  | { type: 'failed'; id: number; stage: 'geometry' | 'thumbnails'; message: string };

import type { TriangleMesh } from '../model';

/** What the IFC geometry thread is asked (ifc-thread.ts) and answers (ifc-thread-main.ts). */
export interface ReadGeometry {
  id: number;
  bytes: Uint8Array;
}

export type FromIfcThread =
  /** The meshes' arrays are views of SharedArrayBuffers: the thread goes on reading them for the thumbnails. */
  | { type: 'geometry'; id: number; schema: string; meshes: Array<[expressId: number, meshes: TriangleMesh[]]>; empty: number }
  | { type: 'thumbnails'; id: number; pictures: Array<[size: number, png: Uint8Array]> }
  /** `stage` says which answer this one replaces; a failed geometry is the job's last message. */
  | { type: 'failed'; id: number; stage: 'geometry' | 'thumbnails'; message: string };

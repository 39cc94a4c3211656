import type { ModelObject, TriangleMesh } from '../model';

/**
 * What a reader hands over while it still reads the rest, for the writers to start on: an object's
 * meshes, objects that are final. Readers that get everything at once never call these.
 */
export interface ReadAhead {
  meshes?(meshes: TriangleMesh[]): void;
  objects?(objects: readonly ModelObject[]): void;
}

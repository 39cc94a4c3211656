import type { ObjectProperties, ObjectTreeNode } from '../../contracts/model-derivative';

/**
 * The property database an `svf2` output carries (our stand-in for SVF's): every object with its
 * properties as Model Derivative serves them, and the object tree per view. Written as JSON.
 */
export interface PropertyDatabase {
  version: 1;
  objects: ObjectProperties[];
  /** View guid → its object tree (roots). */
  trees: Record<string, ObjectTreeNode[]>;
}

import type { TriangleMesh } from '../model';
import { ByteMemo } from './byte-identity';
import { flatShaded, isUsable } from './geometry';
import {
  nodeQuantization,
  quantizeNormals,
  quantizeTriangles,
  quantizeUnitNormals,
  type NodeQuantization,
  type QuantizedPrimitive,
} from './glb-quantize';

/** One object's node as the GLB stores it: its quantization, and each usable mesh's primitive (absent when nothing was left of it). */
export interface PreparedNode {
  meshes: TriangleMesh[];
  placement: NodeQuantization;
  primitives: Array<{ source: TriangleMesh; quantized: QuantizedPrimitive | undefined }>;
}

/**
 * Objects' meshes quantized for the GLB before it is written: a reader that gets its geometry in
 * batches (the IFC reader, from its second thread) hands each batch here while it waits for the rest,
 * so writing the GLB is left with packing. Copies of one part quantized once, as in one GLB.
 */
export class GlbPreparation {
  private readonly done = new ByteMemo<QuantizedPrimitive | undefined>();
  private readonly prepared = new WeakMap<TriangleMesh, PreparedNode>();

  /** Quantizes an object's meshes now (the unusable ones left out, as the writer leaves them). */
  prepare(meshes: TriangleMesh[]): void {
    const usable = meshes.filter(isUsable);
    if (usable[0]) this.prepared.set(usable[0], this.quantize(usable));
  }

  /** The node for exactly these meshes: prepared earlier, or quantized now (a mesh the reader later changed is not the one prepared). */
  node(meshes: TriangleMesh[]): PreparedNode {
    const known = meshes[0] && this.prepared.get(meshes[0]);
    if (known && known.meshes.length === meshes.length && known.meshes.every((mesh, index) => mesh === meshes[index]))
      return known;
    return this.quantize(meshes);
  }

  private quantize(meshes: TriangleMesh[]): PreparedNode {
    const sources = meshes.map((source) => {
      const normals = quantizeUnitNormals(source.normals, source.positions.length);
      if (normals) return { positions: source.positions, normals, indices: source.indices, source };
      const flat = flatShaded(source);
      return { positions: flat.positions, normals: quantizeNormals(flat.normals), indices: flat.indices, source };
    });
    const placement = nodeQuantization(sources.map(({ positions }) => positions));
    const primitives = sources.map(({ positions, normals, indices, source }) => ({
      source,
      quantized: quantizeTriangles(placement, positions, normals, indices, this.done),
    }));
    return { meshes, placement, primitives };
  }
}

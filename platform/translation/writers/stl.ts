import type { ReadModel } from '../model';
import { faceNormal, triangleCount, usableMeshes, zUp } from './geometry';

/**
 * STL, binary by default: every triangle of the model with its facet normal, turned Z-up (STL's
 * printers and CAD tools expect Z up; the model is Y-up). STL has no objects or colours, so the
 * header only names where the file came from.
 */
export function writeStl(model: ReadModel, format: 'binary' | 'ascii' = 'binary', sourceName?: string): Uint8Array {
  const label = `Design Data Manager from ${sourceName ?? model.sourceFormat}`;
  return format === 'ascii' ? asciiStl(model, label) : binaryStl(model, label);
}

/** Calls back with each triangle's three corners (Z-up positions and their indices) and its normal. */
function forEachTriangle(model: ReadModel, visit: (p: Float32Array, a: number, b: number, c: number, normal: Float64Array) => void) {
  const normal = new Float64Array(3);
  for (const object of model.objects) {
    for (const mesh of usableMeshes(object)) {
      const p = zUp(mesh.positions);
      const index = mesh.indices;
      for (let t = 0; t + 2 < index.length; t += 3) {
        const a = index[t]!, b = index[t + 1]!, c = index[t + 2]!;
        visit(p, a, b, c, faceNormal(p, a, b, c, normal));
      }
    }
  }
}

function binaryStl(model: ReadModel, label: string): Uint8Array {
  const count = triangleCount(model);
  const bytes = new Uint8Array(84 + count * 50);
  const view = new DataView(bytes.buffer);
  // The 80-byte header must not start with "solid", or readers take the file for ASCII STL.
  const header = new TextEncoder().encode(label.replace(/^solid/i, 'Solid:')).subarray(0, 80);
  bytes.set(header, 0);
  view.setUint32(80, count, true);
  let offset = 84;
  forEachTriangle(model, (p, a, b, c, normal) => {
    view.setFloat32(offset, normal[0]!, true);
    view.setFloat32(offset + 4, normal[1]!, true);
    view.setFloat32(offset + 8, normal[2]!, true);
    offset += 12;
    for (const corner of [a, b, c]) {
      view.setFloat32(offset, p[corner * 3]!, true);
      view.setFloat32(offset + 4, p[corner * 3 + 1]!, true);
      view.setFloat32(offset + 8, p[corner * 3 + 2]!, true);
      offset += 12;
    }
    offset += 2; // attribute byte count, 0
  });
  return bytes;
}

const num = (value: number) => value.toExponential(6);

function asciiStl(model: ReadModel, label: string): Uint8Array {
  const name = label.replace(/\s+/g, '_');
  const chunks: string[] = [`solid ${name}`];
  forEachTriangle(model, (p, a, b, c, normal) => {
    chunks.push(
      `  facet normal ${num(normal[0]!)} ${num(normal[1]!)} ${num(normal[2]!)}`,
      '    outer loop',
      ...[a, b, c].map((corner) => `      vertex ${num(p[corner * 3]!)} ${num(p[corner * 3 + 1]!)} ${num(p[corner * 3 + 2]!)}`),
      '    endloop',
      '  endfacet',
    );
  });
  chunks.push(`endsolid ${name}`, '');
  return new TextEncoder().encode(chunks.join('\n'));
}

import type { ReadModel, Rgba } from '../model';
import { faceNormal, triangleCount, usableMeshes, zUp } from './geometry';

/**
 * STL, binary by default: every triangle of the model with its facet normal, turned Z-up (STL's
 * printers and CAD tools expect Z up; the model is Y-up). STL has no objects, so the header only
 * names where the file came from; colour goes in each facet's attribute bytes (binary only).
 */
export interface StlWriteOptions {
  format?: 'binary' | 'ascii';
  /** Binary only: each facet's colour in its attribute bytes; ASCII STL has nowhere to put one. */
  color?: boolean;
  /** What the header (binary) or `solid` line (ASCII) names. */
  label?: string;
}

export function writeStl(model: ReadModel, options: StlWriteOptions = {}): Uint8Array {
  const label = options.label ?? `Design Data Manager from ${model.sourceFormat}`;
  return options.format === 'ascii' ? asciiStl(model, label) : binaryStl(model, label, options.color ?? true);
}

/**
 * A facet's colour as VisCAM and SolidView store it: blue in bits 0-4, green 5-9, red 10-14, and bit
 * 15 set to say the colour is valid. Materialise Magics reverses the channels and inverts bit 15
 * (set means "use the part colour from the header"), and no reader can tell the two apart; VisCAM's
 * is the one first published for STL and needs nothing in the header, so a reader that ignores
 * colour loses nothing and one that knows this convention needs no other clue.
 */
export function facetColor([r, g, b]: Rgba): number {
  const level = (channel: number) => Math.round(Math.min(1, Math.max(0, channel)) * 31);
  return 0x8000 | (level(r) << 10) | (level(g) << 5) | level(b);
}

/** Calls back with each triangle's three corners (Z-up positions and their indices), its normal and its mesh's colour. */
function forEachTriangle(
  model: ReadModel,
  visit: (p: Float32Array, a: number, b: number, c: number, normal: Float64Array, color: Rgba) => void,
) {
  const normal = new Float64Array(3);
  for (const object of model.objects) {
    for (const mesh of usableMeshes(object)) {
      const p = zUp(mesh.positions);
      const index = mesh.indices;
      for (let t = 0; t + 2 < index.length; t += 3) {
        const a = index[t]!,
          b = index[t + 1]!,
          c = index[t + 2]!;
        visit(p, a, b, c, faceNormal(p, a, b, c, normal), mesh.color);
      }
    }
  }
}

function binaryStl(model: ReadModel, label: string, color: boolean): Uint8Array {
  const count = triangleCount(model);
  const bytes = new Uint8Array(84 + count * 50);
  const view = new DataView(bytes.buffer);
  // The 80-byte header must not start with "solid", or readers take the file for ASCII STL.
  const header = new TextEncoder().encode(label.replace(/^solid/i, 'Solid:')).subarray(0, 80);
  bytes.set(header, 0);
  view.setUint32(80, count, true);
  let offset = 84;
  forEachTriangle(model, (p, a, b, c, normal, rgba) => {
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
    if (color) view.setUint16(offset, facetColor(rgba), true);
    offset += 2;
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
      ...[a, b, c].map(
        (corner) => `      vertex ${num(p[corner * 3]!)} ${num(p[corner * 3 + 1]!)} ${num(p[corner * 3 + 2]!)}`,
      ),
      '    endloop',
      '  endfacet',
    );
  });
  chunks.push(`endsolid ${name}`, '');
  return new TextEncoder().encode(chunks.join('\n'));
}

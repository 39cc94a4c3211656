import type { ReadModel, TriangleMesh } from '../model';
import { colorKey, faceNormal, meshObjects, usableMeshes } from './geometry';

/**
 * Wavefront OBJ with its MTL: one `o` per object, one `usemtl` per colour, vertex normals and 1-based
 * indices. Text is built per mesh and encoded into chunks, so a large model never becomes one giant
 * string and the peak memory stays near the size of the output.
 */

const encoder = new TextEncoder();

/**
 * Numbers to a micrometre, finer than any source we read, in whatever unit they are written: six
 * decimals in metres, three in millimetres, none in nanometres. Trailing zeros are dropped, and a
 * Float32 coordinate scaled to millimetres reads 300, not 300.000012.
 */
const numberFormat = (scale: number) => {
  const factor = 10 ** Math.max(0, Math.ceil(6 - Math.log10(scale)));
  return (value: number): string => {
    const rounded = Math.round(value * scale * factor) / factor;
    return Object.is(rounded, -0) ? '0' : String(rounded);
  };
};
const num = numberFormat(1);

/** OBJ names end at whitespace: keep them on one token, readable. */
export const objName = (name: string, fallback: string): string => {
  const cleaned = name
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[^\p{L}\p{N}_\-.:/()[\]#+]/gu, '');
  return cleaned.length > 0 ? cleaned : fallback;
};

interface ObjMaterial {
  name: string;
  color: TriangleMesh['color'];
}

export interface ObjWriteOptions {
  /** Output units per metre (1000 for millimetres); the model is in metres. */
  scale?: number;
  /** The material file the OBJ names. */
  mtllib?: string;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** One material per colour, named after the source's material where it had one; shared by every OBJ of an output. */
export class ObjMaterials {
  private readonly materials = new Map<string, ObjMaterial>();
  private readonly usedNames = new Set<string>();

  nameFor(mesh: TriangleMesh): string {
    const key = colorKey(mesh.color);
    let material = this.materials.get(key);
    if (!material) {
      let name = objName(mesh.material ?? '', `color_${key}`);
      if (this.usedNames.has(name)) name = `${name}_${key}`;
      this.usedNames.add(name);
      material = { name, color: mesh.color };
      this.materials.set(key, material);
    }
    return material.name;
  }

  mtl(sourceFormat: string): Uint8Array {
    const lines = [`# Design Data Manager, from ${sourceFormat}`];
    for (const { name, color } of this.materials.values()) {
      const [r, g, b, a] = color.map(num);
      lines.push('', `newmtl ${name}`, `Kd ${r} ${g} ${b}`, 'Ka 0 0 0', 'Ks 0.1 0.1 0.1', `d ${a}`, 'illum 2');
    }
    return encoder.encode(`${lines.join('\n')}\n`);
  }
}

export function writeObj(model: ReadModel, options: ObjWriteOptions = {}): { obj: Uint8Array; mtl: Uint8Array } {
  const materials = new ObjMaterials();
  const obj = objText(model, materials, options);
  return { obj, mtl: materials.mtl(model.sourceFormat) };
}

/** The OBJ of every object with meshes in `model`, its materials added to `materials`. */
export function objText(
  model: ReadModel,
  materials: ObjMaterials,
  { scale = 1, mtllib = 'model.mtl' }: ObjWriteOptions,
): Uint8Array {
  const chunks: Uint8Array[] = [
    encoder.encode(`# Design Data Manager, from ${model.sourceFormat}\nmtllib ${mtllib}\n`),
  ];
  const position = numberFormat(scale);
  // OBJ indices count across the whole file.
  let vertexBase = 1;
  let normalBase = 1;
  const normal = new Float64Array(3);
  for (const object of meshObjects(model)) {
    chunks.push(encoder.encode(`o ${objName(object.name, `object_${object.dbId}`)}\n`));
    for (const mesh of usableMeshes(object)) {
      const triangles = Math.floor(mesh.indices.length / 3);
      if (triangles === 0) continue;
      const lines: string[] = [];
      const p = mesh.positions;
      const vertices = p.length / 3;
      for (let i = 0; i < p.length; i += 3)
        lines.push(`v ${position(p[i]!)} ${position(p[i + 1]!)} ${position(p[i + 2]!)}`);
      const n = mesh.normals && mesh.normals.length === p.length ? mesh.normals : undefined;
      if (n) {
        for (let i = 0; i < n.length; i += 3) lines.push(`vn ${num(n[i]!)} ${num(n[i + 1]!)} ${num(n[i + 2]!)}`);
      } else {
        // Without source normals, one flat normal per face: faces then point at it, corners stay shared.
        for (let t = 0; t < triangles; t++) {
          faceNormal(p, mesh.indices[t * 3]!, mesh.indices[t * 3 + 1]!, mesh.indices[t * 3 + 2]!, normal);
          lines.push(`vn ${num(normal[0]!)} ${num(normal[1]!)} ${num(normal[2]!)}`);
        }
      }
      lines.push(`usemtl ${materials.nameFor(mesh)}`);
      const index = mesh.indices;
      for (let t = 0; t < triangles; t++) {
        const a = index[t * 3]! + vertexBase,
          b = index[t * 3 + 1]! + vertexBase,
          c = index[t * 3 + 2]! + vertexBase;
        if (n) {
          const na = a - vertexBase + normalBase,
            nb = b - vertexBase + normalBase,
            nc = c - vertexBase + normalBase;
          lines.push(`f ${a}//${na} ${b}//${nb} ${c}//${nc}`);
        } else {
          const face = t + normalBase;
          lines.push(`f ${a}//${face} ${b}//${face} ${c}//${face}`);
        }
      }
      lines.push('');
      chunks.push(encoder.encode(lines.join('\n')));
      vertexBase += vertices;
      normalBase += n ? vertices : triangles;
    }
  }

  return concat(chunks);
}

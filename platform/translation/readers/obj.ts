import type { BufferGeometry, Material, Mesh } from 'three';
import { MTLLoader } from 'three/examples/jsm/loaders/MTLLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import type { EngineMessage, ModelObject, ReadModel, Rgba, TriangleMesh } from '../model';
import { malformed, meshOrNothing, NEUTRAL_GREY, sequentialIndices, utf8 } from './mesh-utils';

const KNOWN = /^\s*(?:#|v|vn|vt|f|l|p|o|g|s|usemtl|mtllib)(?:\s|$)|^\s*$/;

/**
 * OBJ with its MTL (from the zip beside it) through three's loaders: one object per `o`/`g`, one mesh
 * per material, colours from MTL `Kd`. OBJ is Y-up and unitless; coordinates are taken as metres.
 */
export function readObj(bytes: Uint8Array, siblings: Map<string, Uint8Array>): ReadModel {
  if (bytes.length === 0) throw malformed('OBJ', 'it is empty.');
  if (bytes.subarray(0, 4096).includes(0)) throw malformed('OBJ', 'it is binary data, not OBJ text.');
  const warnings: EngineMessage[] = [];
  const lines = utf8(bytes).split(/\r?\n/);
  // Lines three does not know would each print a console warning; they are counted and reported once.
  const kept = lines.filter((line) => KNOWN.test(line));
  if (lines.length - kept.length > 0)
    warnings.push({
      type: 'warning',
      code: 'OBJ-UnknownStatement',
      message: `${plural(lines.length - kept.length, 'line')} with statements this reader does not know were skipped.`,
    });
  if (!kept.some((line) => /^\s*f\s/.test(line))) throw malformed('OBJ', 'it holds no face (no `f` line).');

  const colours = readMaterials(kept, siblings, warnings);
  const group = new OBJLoader().parse(kept.join('\n'));
  const objects: ModelObject[] = [];
  group.children.forEach((child, index) => {
    const mesh = child as Mesh;
    if (!(mesh as { isMesh?: boolean }).isMesh) return;
    const meshes = trianglesOf(mesh.geometry, mesh.material, colours);
    const name = mesh.name || `Object ${index + 1}`;
    const materials = [...new Set(meshes.map((m) => m.material).filter(Boolean))].join(', ');
    objects.push({
      dbId: objects.length + 1,
      name,
      externalId: `${index}:${name}`,
      category: 'Mesh',
      properties: { 'Identity Data': { Name: name, ...(materials ? { Material: materials } : {}) } },
      meshes,
    });
  });
  if (objects.length === 0) throw malformed('OBJ', 'none of its faces makes a triangle.');
  return { sourceFormat: 'OBJ', objects, warnings };
}

/** MTL `Kd` per material name, from the files `mtllib` names; a missing MTL is a warning, not a failure. */
function readMaterials(
  lines: string[],
  siblings: Map<string, Uint8Array>,
  warnings: EngineMessage[],
): Map<string, Rgba> {
  const colours = new Map<string, Rgba>();
  const byName = new Map([...siblings].map(([name, bytes]) => [baseName(name).toLowerCase(), bytes]));
  for (const line of lines) {
    const library = /^\s*mtllib\s+(.+?)\s*$/.exec(line)?.[1];
    if (!library) continue;
    const bytes = byName.get(baseName(library).toLowerCase());
    if (!bytes) {
      warnings.push({
        type: 'warning',
        code: 'OBJ-MissingMaterialLibrary',
        message: `The material library ${library} is not beside the OBJ file; its materials are shown grey.`,
      });
      continue;
    }
    const info = new MTLLoader().parse(utf8(bytes), '').materialsInfo as Record<
      string,
      { kd?: number[]; d?: number | string }
    >;
    for (const [name, material] of Object.entries(info)) {
      const [r = 0.7, g = 0.7, b = 0.7] = (material.kd ?? []).map(Number);
      const opacity = material.d === undefined ? 1 : Number(material.d);
      colours.set(name, [r, g, b, Number.isFinite(opacity) ? opacity : 1]);
    }
  }
  return colours;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

const baseName = (name: string) => name.replace(/\\/g, '/').split('/').pop() ?? name;

function trianglesOf(
  geometry: BufferGeometry,
  material: Material | Material[],
  colours: Map<string, Rgba>,
): TriangleMesh[] {
  const positions = geometry.getAttribute('position').array as Float32Array;
  const normals = geometry.getAttribute('normal')?.array as Float32Array | undefined;
  const materials = Array.isArray(material) ? material : [material];
  const groups = geometry.groups.length
    ? geometry.groups
    : [{ start: 0, count: positions.length / 3, materialIndex: 0 }];
  return groups.flatMap((group) => {
    const name = materials[group.materialIndex ?? 0]?.name ?? '';
    const slice = (array: Float32Array) => array.slice(group.start * 3, (group.start + group.count) * 3);
    const part = slice(positions);
    return meshOrNothing({
      positions: part,
      ...(normals ? { normals: slice(normals) } : {}),
      indices: sequentialIndices(part.length / 3),
      color: colours.get(name) ?? NEUTRAL_GREY,
      ...(name ? { material: name } : {}),
    });
  });
}

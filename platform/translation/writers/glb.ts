import { Document, Logger, NodeIO, type GLTF, type Material, type Mesh } from '@gltf-transform/core';
import { EXTMeshoptCompression, KHRMeshQuantization } from '@gltf-transform/extensions';
import { meshopt, prune, weld } from '@gltf-transform/functions';
import { MeshoptEncoder } from 'meshoptimizer';
import type { ModelObject, ReadModel, Rgba } from '../model';
import { colorKey, flatShaded, inkOnLight, meshObjects, pathSegments, usableMeshes } from './geometry';

/**
 * Our web viewable: a GLB with one node per object (`extras: {dbId, externalId}`, which the viewer
 * maps to the property database), compressed with EXT_meshopt_compression. Geometry is already in
 * world space, so every node sits directly under the scene without transforms of its own.
 */

/** glTF's `mode` for line segments (Primitive.Mode.LINES, typed here without an index lookup). */
const LINES: GLTF.MeshPrimitiveMode = 1;

let io: Promise<NodeIO> | undefined;

function glbIo(): Promise<NodeIO> {
  io ??= MeshoptEncoder.ready.then(() =>
    new NodeIO().registerExtensions([EXTMeshoptCompression, KHRMeshQuantization]).registerDependencies({ 'meshopt.encoder': MeshoptEncoder }),
  );
  return io;
}

/** Materials shared by colour, so a building's hundreds of walls reference one "wall grey". */
function materialCache(document: Document) {
  const byColor = new Map<string, Material>();
  return (color: Rgba, name?: string): Material => {
    const key = colorKey(color);
    let material = byColor.get(key);
    if (!material) {
      material = document
        .createMaterial(name ?? `color-${key}`)
        .setBaseColorFactor([...color])
        .setMetallicFactor(0)
        .setRoughnessFactor(0.9)
        // Sources mix windings (IFC, OBJ, STL); culling back faces would open holes in them.
        .setDoubleSided(true)
        .setAlphaMode(color[3] < 1 ? 'BLEND' : 'OPAQUE');
      byColor.set(key, material);
    }
    return material;
  };
}

/**
 * The source's normals made unit length (glTF requires it); undefined when absent, of the wrong
 * length or with a zero or non-finite one, and the mesh is then flat-shaded instead.
 */
function unitNormals(normals: Float32Array | undefined, length: number): Float32Array | undefined {
  if (!normals || normals.length !== length) return undefined;
  const out = new Float32Array(length);
  for (let i = 0; i + 2 < length; i += 3) {
    const x = normals[i]!, y = normals[i + 1]!, z = normals[i + 2]!;
    const size = Math.hypot(x, y, z);
    if (!(size > 1e-12) || !Number.isFinite(size)) return undefined;
    out[i] = x / size;
    out[i + 1] = y / size;
    out[i + 2] = z / size;
  }
  return out;
}

/** The entity's layer object: the nearest ancestor named as its layer, else its parent. */
function layerOf(objects: Map<number, ModelObject>, dbId: number, layer: string): ModelObject | undefined {
  const owner = objects.get(dbId);
  const seen = new Set<number>();
  for (let at = owner?.parent; at !== undefined && !seen.has(at); at = objects.get(at)?.parent) {
    seen.add(at);
    if (objects.get(at)?.name === layer) return objects.get(at);
  }
  return owner?.parent === undefined ? undefined : objects.get(owner.parent);
}

/** A document that logs only errors: a job's log is no place for gltf-transform's progress notes. */
const quietDocument = () => new Document().setLogger(new Logger(Logger.Verbosity.ERROR));

function objectNode(document: Document, object: ModelObject, mesh: Mesh) {
  return document.createNode(object.name).setMesh(mesh).setExtras({ dbId: object.dbId, externalId: object.externalId });
}

/**
 * Cleans up and compresses: weld merges the corners flat shading split, prune drops what is unused.
 * No dedup(): materials are already shared by colour and geometry is in world space, so it found
 * nothing to merge (same bytes out for every fixture) yet cost 0.7 s on Office_A.
 */
async function compress(document: Document, welded: boolean): Promise<Uint8Array> {
  const transforms = [...(welded ? [weld()] : []), prune(), meshopt({ encoder: MeshoptEncoder, level: 'medium' })];
  await document.transform(...transforms);
  // glTF forbids an empty `scene.nodes`; a model without geometry gets a file without a scene.
  for (const scene of document.getRoot().listScenes()) if (scene.listChildren().length === 0) scene.dispose();
  return (await glbIo()).writeBinary(document);
}

export async function writeModelGlb(model: ReadModel): Promise<Uint8Array> {
  await glbIo();
  const document = quietDocument();
  const buffer = document.createBuffer();
  const scene = document.createScene('3D');
  const material = materialCache(document);
  for (const object of meshObjects(model)) {
    const mesh = document.createMesh(object.name);
    for (const source of usableMeshes(object)) {
      const given = unitNormals(source.normals, source.positions.length);
      const { positions, normals, indices } = given ? { positions: source.positions, normals: given, indices: source.indices } : flatShaded(source);
      const primitive = document
        .createPrimitive()
        .setAttribute('POSITION', document.createAccessor().setType('VEC3').setArray(positions).setBuffer(buffer))
        .setAttribute('NORMAL', document.createAccessor().setType('VEC3').setArray(normals).setBuffer(buffer))
        .setIndices(document.createAccessor().setType('SCALAR').setArray(indices).setBuffer(buffer))
        .setMaterial(material(source.color, source.material));
      mesh.addPrimitive(primitive);
    }
    scene.addChild(objectNode(document, object, mesh));
  }
  return compress(document, true);
}

/**
 * A 2D drawing as LINES primitives in the XY plane (z = 0), in metres: a glTF viewer's default camera
 * looks down −Z with +Y up, so the drawing faces it the right way up without a turn. One node per
 * layer, one primitive per colour within it. Texts are not drawn here (the PDF has them).
 */
export async function writeDrawingGlb(model: ReadModel): Promise<Uint8Array> {
  await glbIo();
  const drawing = model.drawing;
  const document = quietDocument();
  const buffer = document.createBuffer();
  const scene = document.createScene('2D');
  const material = materialCache(document);
  const objects = new Map(model.objects.map((object) => [object.dbId, object]));
  const unit = drawing?.unitMetres ?? 1;

  // layer name → colour key → segment end points
  const layers = new Map<string, { object?: ModelObject; colors: Map<string, { color: Rgba; points: number[] }> }>();
  for (const entity of drawing?.entities ?? []) {
    let layer = layers.get(entity.layer);
    if (!layer) {
      const layerObject = layerOf(objects, entity.dbId, entity.layer);
      layer = { ...(layerObject ? { object: layerObject } : {}), colors: new Map() };
      layers.set(entity.layer, layer);
    }
    const [r, g, b] = inkOnLight(entity.color);
    const color: Rgba = [r / 255, g / 255, b / 255, 1];
    const key = colorKey(color);
    const bucket = layer.colors.get(key) ?? { color, points: [] };
    layer.colors.set(key, bucket);
    for (const path of entity.paths) {
      for (const [ax, ay, bx, by] of pathSegments(path.points, path.closed)) bucket.points.push(ax * unit, ay * unit, 0, bx * unit, by * unit, 0);
    }
  }

  for (const [name, layer] of layers) {
    const mesh = document.createMesh(name);
    for (const { color, points } of layer.colors.values()) {
      if (points.length === 0) continue;
      const position = document.createAccessor().setType('VEC3').setArray(new Float32Array(points)).setBuffer(buffer);
      mesh.addPrimitive(document.createPrimitive().setMode(LINES).setAttribute('POSITION', position).setMaterial(material(color)));
    }
    if (mesh.listPrimitives().length === 0) continue;
    const node = document.createNode(layer.object?.name ?? name).setMesh(mesh);
    if (layer.object) node.setExtras({ dbId: layer.object.dbId, externalId: layer.object.externalId });
    scene.addChild(node);
  }
  return compress(document, false);
}

import {
  NodeIO,
  Primitive,
  type Accessor,
  type Document,
  type Node as GltfNode,
  type JSONDocument,
} from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';
import {
  TranslationError,
  type EngineMessage,
  type ModelObject,
  type PropertyValue,
  type ReadModel,
  type Rgba,
  type TriangleMesh,
} from '../model';
import { malformed, meshOrNothing, NEUTRAL_GREY, transformNormals, transformPoints, utf8 } from './mesh-utils';

let shared: Promise<NodeIO> | undefined;
const io = (): Promise<NodeIO> =>
  (shared ??= (async () => {
    await MeshoptDecoder.ready;
    return new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({ 'meshopt.decoder': MeshoptDecoder });
  })());

/** glTF 2.0 (.glb, or .gltf with its buffers beside it) through glTF-Transform: the node tree, names, extras, base colours. */
export async function readGltf(
  bytes: Uint8Array,
  binary: boolean,
  siblings: Map<string, Uint8Array>,
): Promise<ReadModel> {
  const format = binary ? 'GLB' : 'glTF';
  if (bytes.length === 0) throw malformed(format, 'it is empty.');
  if (binary) checkGlbLength(bytes);
  const warnings: EngineMessage[] = [];
  let document: Document;
  try {
    document = binary
      ? await (await io()).readBinary(bytes)
      : await (await io()).readJSON(jsonDocument(bytes, siblings, warnings));
  } catch (error) {
    if (error instanceof TranslationError) throw error;
    throw malformed(format, `${(error instanceof Error ? error.message : String(error)).replace(/\.+$/, '')}.`);
  }
  const root = document.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  if (!scene) throw malformed(format, 'it has no scene.');
  const model: ReadModel = { sourceFormat: format, objects: [], warnings };
  const nodeIndex = new Map(root.listNodes().map((node, index) => [node, index]));
  let skipped = 0;
  const visit = (node: GltfNode, parent: number | undefined) => {
    const dbId = model.objects.length + 1;
    const mesh = node.getMesh();
    const matrix = node.getWorldMatrix();
    const meshes: TriangleMesh[] = [];
    for (const primitive of mesh?.listPrimitives() ?? []) {
      const converted = trianglesOf(primitive, matrix);
      if (converted) meshes.push(...converted);
      else skipped++;
    }
    const index = nodeIndex.get(node) ?? -1;
    const name = node.getName() || mesh?.getName() || `Node ${index}`;
    const object: ModelObject = {
      dbId,
      name,
      externalId: `node/${index}`,
      category: mesh ? 'Mesh' : 'Node',
      properties: {
        'Identity Data': { Name: name, 'Node Index': index, ...(mesh?.getName() ? { Mesh: mesh.getName() } : {}) },
      },
      meshes,
      ...(parent !== undefined ? { parent } : {}),
    };
    const extras = { ...flatten(mesh?.getExtras() ?? {}), ...flatten(node.getExtras()) };
    if (Object.keys(extras).length) object.properties['Extras'] = extras;
    model.objects.push(object);
    for (const child of node.listChildren()) visit(child, dbId);
  };
  for (const node of scene.listChildren()) visit(node, undefined);
  if (skipped)
    warnings.push({
      type: 'warning',
      code: 'glTF-UnsupportedPrimitive',
      message: `${skipped} primitives of points or lines, or without positions, were skipped.`,
    });
  return model;
}

/** A GLB states its own length in its header: a shorter file was cut short, and saying so beats a JSON parse error. */
function checkGlbLength(bytes: Uint8Array): void {
  if (bytes.length < 12 || utf8(bytes.subarray(0, 4)) !== 'glTF')
    throw malformed('GLB', 'it does not begin with the GLB header ("glTF"), so it is not a binary glTF file.');
  const declared = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(8, true);
  if (declared > bytes.length) {
    throw new TranslationError(
      'TranslationWorker-InvalidSource',
      `The GLB file is truncated: its header announces ${declared.toLocaleString('en-US')} bytes but it has ${bytes.length.toLocaleString('en-US')}.`,
    );
  }
}

/** A .gltf's JSON with every external buffer and image it names, from the files beside it. */
function jsonDocument(bytes: Uint8Array, siblings: Map<string, Uint8Array>, warnings: EngineMessage[]): JSONDocument {
  let json: JSONDocument['json'];
  try {
    json = JSON.parse(utf8(bytes)) as JSONDocument['json'];
  } catch (error) {
    throw malformed('glTF', `it is not JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (typeof json !== 'object' || json === null || typeof json.asset !== 'object')
    throw malformed('glTF', 'its JSON has no "asset", so it is not glTF.');
  const resources: JSONDocument['resources'] = {};
  const find = (uri: string) =>
    siblings.get(decodeURIComponent(uri)) ??
    siblings.get(uri) ??
    [...siblings].find(([name]) => name.endsWith(`/${decodeURIComponent(uri)}`))?.[1];
  for (const buffer of json.buffers ?? []) {
    if (!buffer.uri || buffer.uri.startsWith('data:')) continue;
    const found = find(buffer.uri);
    if (!found)
      throw malformed('glTF', `its buffer ${buffer.uri} is not beside it (upload a zip with every file it refers to).`);
    resources[buffer.uri] = new Uint8Array(found);
  }
  for (const image of json.images ?? []) {
    if (!image.uri || image.uri.startsWith('data:')) continue;
    const found = find(image.uri);
    if (!found)
      warnings.push({
        type: 'warning',
        code: 'glTF-MissingTexture',
        message: `The texture ${image.uri} is not beside the glTF file; textures are not shown.`,
      });
    resources[image.uri] = found ? new Uint8Array(found) : new Uint8Array(0);
  }
  return { json, resources };
}

const TRIANGLES = Primitive.Mode.TRIANGLES;
const STRIP = Primitive.Mode.TRIANGLE_STRIP;
const FAN = Primitive.Mode.TRIANGLE_FAN;

/** A primitive's triangles in world space, or undefined for points and lines. */
function trianglesOf(primitive: Primitive, matrix: ArrayLike<number>): TriangleMesh[] | undefined {
  const position = primitive.getAttribute('POSITION');
  const mode = primitive.getMode();
  if (!position || (mode !== TRIANGLES && mode !== STRIP && mode !== FAN)) return undefined;
  const positions = floats(position);
  transformPoints(positions, matrix);
  const normalAccessor = primitive.getAttribute('NORMAL');
  const normals = normalAccessor ? floats(normalAccessor) : undefined;
  if (normals) transformNormals(normals, matrix);
  const indexAccessor: Accessor | null = primitive.getIndices();
  const order: ArrayLike<number> = indexAccessor
    ? Uint32Array.from({ length: indexAccessor.getCount() }, (_, i) => indexAccessor.getScalar(i))
    : Uint32Array.from({ length: position.getCount() }, (_, i) => i);
  const indices = mode === TRIANGLES ? Uint32Array.from(order) : unroll(order, mode === FAN);
  const material = primitive.getMaterial();
  const [r, g, b, a] = material?.getBaseColorFactor() ?? NEUTRAL_GREY;
  const color: Rgba = material ? [r, g, b, a] : NEUTRAL_GREY;
  return meshOrNothing({
    positions,
    ...(normals ? { normals } : {}),
    indices,
    color,
    ...(material?.getName() ? { material: material.getName() } : {}),
  });
}

/** Accessor values as plain floats, dequantised (KHR_mesh_quantization stores normalised integers). */
function floats(accessor: Accessor): Float32Array {
  const count = accessor.getCount();
  const size = accessor.getElementSize();
  const out = new Float32Array(count * size);
  const element: number[] = [];
  for (let i = 0; i < count; i++) out.set(accessor.getElement(i, element), i * size);
  return out;
}

function unroll(order: ArrayLike<number>, fan: boolean): Uint32Array {
  const out: number[] = [];
  for (let i = 2; i < order.length; i++) {
    if (fan) out.push(order[0] as number, order[i - 1] as number, order[i] as number);
    else if (i % 2 === 0) out.push(order[i - 2] as number, order[i - 1] as number, order[i] as number);
    else out.push(order[i - 1] as number, order[i - 2] as number, order[i] as number);
  }
  return Uint32Array.from(out);
}

/** glTF extras as property values: nested objects become dotted names, arrays and the rest JSON text. */
function flatten(extras: Record<string, unknown>, prefix = ''): Record<string, PropertyValue> {
  const out: Record<string, PropertyValue> = {};
  for (const [key, value] of Object.entries(extras)) {
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      out[`${prefix}${key}`] = value;
    else if (typeof value === 'object' && !Array.isArray(value))
      Object.assign(out, flatten(value as Record<string, unknown>, `${prefix}${key}.`));
    else out[`${prefix}${key}`] = JSON.stringify(value);
  }
  return out;
}

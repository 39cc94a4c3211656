import { MeshoptEncoder } from 'meshoptimizer';
import type { Rgba } from '../model';
import { ByteMemo, bytesOf } from './byte-identity';
import { colorKey } from './geometry';
import type { NodeQuantization, QuantizedPrimitive } from './glb-quantize';

/**
 * Writes a GLB straight from quantized primitives: every primitive's vertices go into one of four
 * shared streams (positions, normals, 16- and 32-bit indices), each stream one bufferView compressed
 * with EXT_meshopt_compression. Building the glTF JSON ourselves costs a fraction of a general
 * document model over thousands of primitives.
 */

const ARRAY_BUFFER = 34962;
const ELEMENT_ARRAY_BUFFER = 34963;
const BYTE = 5120;
const SHORT = 5122;
const UNSIGNED_SHORT = 5123;
const UNSIGNED_INT = 5125;
const MESHOPT = 'EXT_meshopt_compression';
const QUANTIZATION = 'KHR_mesh_quantization';

type Json = Record<string, unknown>;
type StreamName = 'position' | 'normal' | 'index16' | 'index32';

interface Stream {
  stride: number;
  mode: 'ATTRIBUTES' | 'TRIANGLES';
  target: number;
  chunks: Uint8Array[];
  byteLength: number;
  count: number;
  /** Accessors that point into this stream, given their bufferView when the stream is written. */
  accessors: Json[];
}

export const Mode = { LINES: 1, TRIANGLES: 4 } as const;

const stream = (stride: number, mode: Stream['mode'], target: number): Stream => ({
  stride,
  mode,
  target,
  chunks: [],
  byteLength: 0,
  count: 0,
  accessors: [],
});
const align4 = (length: number) => (length + 3) & ~3;

export class GlbBuilder {
  private readonly streams: Record<StreamName, Stream> = {
    position: stream(8, 'ATTRIBUTES', ARRAY_BUFFER),
    normal: stream(4, 'ATTRIBUTES', ARRAY_BUFFER),
    index16: stream(2, 'TRIANGLES', ELEMENT_ARRAY_BUFFER),
    index32: stream(4, 'TRIANGLES', ELEMENT_ARRAY_BUFFER),
  };
  private readonly accessors: Json[] = [];
  private readonly materials: Json[] = [];
  private readonly materialIndex = new Map<string, number>();
  private readonly meshes: Json[] = [];
  private readonly nodes: Json[] = [];
  private readonly written = new ByteMemo<unknown>();

  constructor(private readonly sceneName: string) {}

  /** Materials are shared by colour, so a building's hundreds of walls reference one "wall grey". */
  material(color: Rgba, name?: string): number {
    const key = colorKey(color);
    let index = this.materialIndex.get(key);
    if (index === undefined) {
      index = this.materials.length;
      this.materials.push({
        name: name ?? `color-${key}`,
        pbrMetallicRoughness: { baseColorFactor: [...color], metallicFactor: 0, roughnessFactor: 0.9 },
        // Sources mix windings (IFC, OBJ, STL); culling back faces would open holes in them.
        doubleSided: true,
        ...(color[3] < 1 ? { alphaMode: 'BLEND' } : {}),
      });
      this.materialIndex.set(key, index);
    }
    return index;
  }

  primitive(data: QuantizedPrimitive, material: number, mode: number = Mode.TRIANGLES): Json {
    const primitive: Json = {
      attributes: this.sharedAttributes(data),
      material,
      ...(mode === Mode.TRIANGLES ? {} : { mode }),
    };
    if (data.indices) primitive['indices'] = this.sharedIndices(data.indices, data.vertexCount);
    return primitive;
  }

  /**
   * Copies of one part (bolts, rebars, windows) placed apart quantize to the same integers, because
   * each node is quantized around its own centre; their vertices are then stored once.
   */
  private sharedAttributes(data: QuantizedPrimitive): Json {
    return this.shared(data.normals ? [data.positions, data.normals] : [data.positions], () => {
      const attributes: Json = {
        POSITION: this.accessor('position', bytesOf(data.positions), data.vertexCount, {
          componentType: SHORT,
          type: 'VEC3',
          min: data.min,
          max: data.max,
        }),
      };
      if (data.normals)
        attributes['NORMAL'] = this.accessor('normal', bytesOf(data.normals), data.vertexCount, {
          componentType: BYTE,
          normalized: true,
          type: 'VEC3',
        });
      return attributes;
    });
  }

  private sharedIndices(indices: Uint32Array, vertexCount: number): number {
    return this.shared([indices], () => {
      const wide = vertexCount > 0xffff;
      const narrowed = wide ? indices : Uint16Array.from(indices);
      return this.accessor(wide ? 'index32' : 'index16', bytesOf(narrowed), narrowed.length, {
        componentType: wide ? UNSIGNED_INT : UNSIGNED_SHORT,
        type: 'SCALAR',
      });
    });
  }

  private shared<T>(arrays: ArrayBufferView[], create: () => T): T {
    return this.written.get(arrays, create) as T;
  }

  node(name: string, primitives: Json[], placement: NodeQuantization, extras?: Json): void {
    this.meshes.push({ name, primitives });
    const { translation, scale } = placement;
    this.nodes.push({
      name,
      mesh: this.meshes.length - 1,
      translation,
      scale: [scale, scale, scale],
      ...(extras ? { extras } : {}),
    });
  }

  private accessor(name: StreamName, bytes: Uint8Array, count: number, shape: Json): number {
    const target = this.streams[name];
    const accessor: Json = { bufferView: -1, byteOffset: target.byteLength, count, ...shape };
    target.chunks.push(bytes);
    target.byteLength += bytes.byteLength;
    target.count += bytes.byteLength / target.stride;
    target.accessors.push(accessor);
    this.accessors.push(accessor);
    return this.accessors.length - 1;
  }

  /** The finished GLB; a model without geometry gets a valid file without a scene (glTF forbids an empty one). */
  async write(): Promise<Uint8Array> {
    await MeshoptEncoder.ready;
    const bufferViews: Json[] = [];
    const compressed: Uint8Array[] = [];
    let binLength = 0;
    let fallbackLength = 0;
    for (const target of Object.values(this.streams)) {
      if (target.byteLength === 0) continue;
      const raw = Buffer.concat(target.chunks, target.byteLength);
      const encoded = MeshoptEncoder.encodeGltfBuffer(raw, target.count, target.stride, target.mode);
      for (const accessor of target.accessors) accessor['bufferView'] = bufferViews.length;
      bufferViews.push({
        buffer: 1,
        byteOffset: fallbackLength,
        byteLength: target.byteLength,
        ...(target.mode === 'ATTRIBUTES' ? { byteStride: target.stride } : {}),
        target: target.target,
        extensions: {
          [MESHOPT]: {
            buffer: 0,
            byteOffset: binLength,
            byteLength: encoded.byteLength,
            byteStride: target.stride,
            count: target.count,
            mode: target.mode,
          },
        },
      });
      compressed.push(encoded);
      binLength = align4(binLength + encoded.byteLength);
      fallbackLength = align4(fallbackLength + target.byteLength);
    }
    const json: Json = { asset: { version: '2.0', generator: 'Design Data Manager translation engine' } };
    if (bufferViews.length) {
      Object.assign(json, {
        extensionsUsed: [MESHOPT, QUANTIZATION],
        extensionsRequired: [MESHOPT, QUANTIZATION],
        buffers: [
          { byteLength: binLength },
          { byteLength: fallbackLength, extensions: { [MESHOPT]: { fallback: true } } },
        ],
        bufferViews,
        accessors: this.accessors,
      });
    }
    if (this.nodes.length)
      Object.assign(json, {
        scene: 0,
        scenes: [{ name: this.sceneName, nodes: this.nodes.map((_, index) => index) }],
        nodes: this.nodes,
        meshes: this.meshes,
        materials: this.materials,
      });
    return glbContainer(json, compressed, binLength);
  }
}

/** The GLB container: a 12-byte header, the JSON chunk padded with spaces, the BIN chunk with zeros. */
function glbContainer(json: Json, binChunks: Uint8Array[], binLength: number): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = align4(text.byteLength);
  const total = 12 + 8 + jsonLength + (binLength ? 8 + binLength : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true); // "glTF"
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, 0x4e4f534a, true); // "JSON"
  out.set(text, 20);
  out.fill(0x20, 20 + text.byteLength, 20 + jsonLength);
  if (binLength) {
    const start = 20 + jsonLength;
    view.setUint32(start, binLength, true);
    view.setUint32(start + 4, 0x004e4942, true); // "BIN\0"
    let offset = start + 8;
    for (const chunk of binChunks) {
      out.set(chunk, offset);
      offset = start + 8 + align4(offset - start - 8 + chunk.byteLength);
    }
  }
  return out;
}

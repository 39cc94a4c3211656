import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { OutputType } from '../../contracts/model-derivative';
import type {
  EngineDerivative,
  EngineFile,
  ProgressListener,
  TranslationRequest,
  TranslationResult,
  Translator,
} from '../translation/engine-types';
import type { PropertyDatabase } from '../translation/properties-db';

/** A job the fake holds until the test decides how it ends. */
export interface HeldJob {
  request: TranslationRequest;
  signal: AbortSignal;
  progress(percent: number): void;
  /** Writes the outputs and resolves the translation. */
  succeed(): Promise<void>;
  fail(error: Error): void;
}

/** The small model every fake translation describes: a storey with two walls and a door. */
export const FAKE_DATABASE_OBJECTS: PropertyDatabase['objects'] = [
  { objectid: 1, name: 'Building', externalId: 'b-1', properties: { Item: { Type: 'IfcBuilding' } } },
  {
    objectid: 2,
    name: 'Level 1',
    externalId: 's-1',
    properties: { Item: { Type: 'IfcBuildingStorey' }, Constraints: { Elevation: '0.000 m' } },
  },
  {
    objectid: 3,
    name: 'Wall North',
    externalId: 'w-1',
    properties: {
      Item: { Type: 'IfcWall', Material: 'Concrete' },
      Pset_WallCommon: { IsExternal: true, FireRating: 'REI60' },
      Dimensions: { Length: '5.000 m', Height: '2.500 m' },
    },
  },
  {
    objectid: 4,
    name: 'Wall South',
    externalId: 'w-2',
    properties: {
      Item: { Type: 'IfcWall', Material: 'Brick' },
      Pset_WallCommon: { IsExternal: false, FireRating: 'REI30' },
      Dimensions: { Length: '3.000 m', Height: '2.500 m' },
    },
  },
  {
    objectid: 5,
    name: 'Door 1',
    externalId: 'd-1',
    properties: { Item: { Type: 'IfcDoor' }, Dimensions: { Width: '0.900 m', Height: '2.100 m' } },
  },
];

const treeOf = () => [
  {
    objectid: 1,
    name: 'Building',
    objects: [
      {
        objectid: 2,
        name: 'Level 1',
        objects: [
          { objectid: 3, name: 'Wall North' },
          { objectid: 4, name: 'Wall South' },
          { objectid: 5, name: 'Door 1' },
        ],
      },
    ],
  },
];

function png(size: number): Uint8Array {
  const image = new PNG({ width: size, height: size });
  image.data.fill(200);
  return PNG.sync.write(image);
}

/** A GLB with only its JSON chunk: small, but a real glTF 2.0 container. */
function glb(): Uint8Array {
  const json = Buffer.from(JSON.stringify({ asset: { version: '2.0', generator: 'fake translator' } }).padEnd(40, ' '));
  const header = Buffer.alloc(20);
  header.writeUInt32LE(0x46546c67, 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(20 + json.length, 8);
  header.writeUInt32LE(json.length, 12);
  header.writeUInt32LE(0x4e4f534a, 16);
  return Buffer.concat([header, json]);
}

/**
 * A controllable Translator for state-machine tests: in `auto` mode every job succeeds at once; in
 * `held` mode each job waits until the test calls `succeed()` or `fail()` on it. Either way the
 * outputs are real small files in the request's `outDir`, listed as the engine lists them.
 */
export class FakeTranslator implements Translator {
  readonly requests: TranslationRequest[] = [];
  private readonly held: HeldJob[] = [];
  private waiters: ((job: HeldJob) => void)[] = [];

  constructor(public mode: 'auto' | 'held' = 'auto') {}

  /** The next held job (one already waiting, or the next to start). */
  nextHeld(): Promise<HeldJob> {
    const job = this.held.shift();
    if (job) return Promise.resolve(job);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async translate(
    request: TranslationRequest,
    onProgress: ProgressListener,
    signal: AbortSignal,
  ): Promise<TranslationResult> {
    this.requests.push(request);
    if (this.mode === 'auto') return writeOutputs(request);
    return new Promise<TranslationResult>((resolve, reject) => {
      if (signal.aborted) return reject(new Error('aborted before it started'));
      signal.addEventListener(
        'abort',
        () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted')),
        { once: true },
      );
      const job: HeldJob = {
        request,
        signal,
        progress: onProgress,
        succeed: async () => resolve(await writeOutputs(request)),
        fail: reject,
      };
      const waiter = this.waiters.shift();
      if (waiter) waiter(job);
      else this.held.push(job);
    });
  }

  async close(): Promise<void> {}
}

async function writeOutputs(request: TranslationRequest): Promise<TranslationResult> {
  const put = async (
    relative: string,
    role: string,
    mime: string,
    bytes: Uint8Array,
    resolution?: [number, number],
  ): Promise<EngineFile> => {
    const target = path.join(request.outDir, relative);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes);
    return { role, path: relative, mime, size: bytes.byteLength, ...(resolution ? { resolution } : {}) };
  };
  const thumbnails = async (folder: string) =>
    Promise.all(
      [100, 200, 400].map((size) =>
        put(`${folder}/thumbnail-${size}.png`, 'thumbnail', 'image/png', png(size), [size, size]),
      ),
    );
  const text = (value: string) => new TextEncoder().encode(value);
  const result: TranslationResult = { derivatives: [], warnings: [] };
  for (const output of request.outputs) {
    const derivative: EngineDerivative = {
      outputType: output.type,
      status: 'success',
      messages: [],
      views: [],
      files: [],
    };
    const files: Record<Exclude<OutputType, 'svf2' | 'svf' | 'thumbnail'>, () => Promise<EngineFile[]>> = {
      obj: async () => [
        await put('obj/model.obj', 'obj', 'application/octet-stream', text('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n')),
        await put('obj/model.mtl', 'mtl', 'text/plain', text('newmtl a\n')),
      ],
      stl: async () => [await put('stl/model.stl', 'stl', 'application/vnd.ms-pki.stl', new Uint8Array(84))],
      ifc: async () => [
        await put('ifc/model.ifc', 'ifc', 'application/x-step', text('ISO-10303-21;\nEND-ISO-10303-21;\n')),
      ],
      pdf: async () => [await put('pdf/model.pdf', 'pdf', 'application/pdf', text('%PDF-1.4\n%%EOF\n'))],
    };
    if (output.type === 'svf2' || output.type === 'svf') {
      const [guid, folder] = [randomUUID(), output.type];
      derivative.views.push({
        guid,
        name: '3D',
        role: '3d',
        files: [
          await put(`${folder}/${guid}/model.glb`, 'graphics', 'model/gltf-binary', glb()),
          ...(await thumbnails(`${folder}/${guid}`)),
        ],
      });
      const database: PropertyDatabase = { version: 1, objects: FAKE_DATABASE_OBJECTS, trees: { [guid]: treeOf() } };
      derivative.files.push(
        await put(
          `${folder}/properties.json`,
          'Autodesk.CloudPlatform.PropertyDatabase',
          'application/json',
          text(JSON.stringify(database)),
        ),
      );
      result.propertiesPath ??= `${folder}/properties.json`;
    } else if (output.type === 'thumbnail') derivative.files.push(...(await thumbnails('thumbnail')));
    else derivative.files.push(...(await files[output.type]()));
    result.derivatives.push(derivative);
  }
  return result;
}

import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { JobOutputFormat, OutputType } from '../../contracts/model-derivative';
import type {
  EngineDerivative,
  EngineFile,
  ProgressListener,
  TranslationRequest,
  TranslationResult,
} from './engine-types';
import { formatModules } from './format-modules';
import { converts, extensionOf } from './formats';
import { TranslationError, type EngineMessage, type ReadModel } from './model';
import { readSource } from './readers/index';
import type { ReadAhead } from './readers/read-ahead';
import { notAppliedMessages } from './output-options';
import { openZipSource } from './source-zip';
import { ifcExtrasWanted, ifcVisibility, shapeViewable } from './viewable-model';
import { writeDrawingGlb, writeModelGlb } from './writers/glb';
import { GlbPreparation } from './writers/glb-prepare';
import { writeTriangulatedIfc } from './writers/ifc';
import { writeObjOutput, writeStlOutput } from './writers/mesh-outputs';
import { PropertyPreparation, writePropertyDatabase } from './writers/properties';
import { triangleCount } from './writers/geometry';
import { renderThumbnails, THUMBNAIL_SIZES } from './writers/thumbnail';

const READ_SHARE = 40;

/** Writes one file of a derivative into the job's directory and describes it. */
type Put = (
  relativePath: string,
  role: string,
  mime: string,
  bytes: Uint8Array,
  resolution?: [number, number],
) => EngineFile;
/** One job's rendered thumbnails by size: the svf2 view and the `thumbnail` output show the same pictures, rendered once. */
type Thumbnails = Map<number, Uint8Array>;

/** What a job's outputs share: where they write, the thumbnails drawn for them, the viewable's work done while reading. */
interface JobWork {
  put: Put;
  rendered: Thumbnails;
  viewable?: { glb: GlbPreparation; properties: PropertyPreparation } | undefined;
  /** Each viewable output's (svf2, svf) view, whose folder is made while the source is read. */
  viewGuids: ReadonlyMap<OutputType, string>;
  /** The name documents are titled with. */
  title: string;
}

/**
 * One translation, in a worker process: read the source once into the engine's model, then write each
 * requested output from it. An output that fails is reported on its own; the others still finish.
 */
export async function runTranslation(
  request: TranslationRequest,
  onProgress: ProgressListener,
): Promise<TranslationResult> {
  onProgress(1);
  const bytes = new Uint8Array(readFileSync(request.sourcePath));
  const source =
    extensionOf(request.fileName) === 'zip' || request.rootFilename !== undefined
      ? openZipSource(bytes, request.rootFilename ?? '')
      : { fileName: request.fileName, bytes, siblings: new Map<string, Uint8Array>() };
  // The viewable's GLB and property database start on what a reader hands over while it still reads the rest.
  const viewable = request.outputs.some((output) => isViewable(output.type))
    ? { glb: new GlbPreparation(), properties: new PropertyPreparation() }
    : undefined;
  const ahead: ReadAhead | undefined = viewable && {
    meshes: (meshes) => viewable.glb.prepare(meshes),
    objects: (objects) => viewable.properties.prepare(objects),
  };
  const viewGuids = new Map(
    request.outputs.filter((output) => isViewable(output.type)).map((output) => [output.type, randomUUID()]),
  );
  // The job's folders are made while a reader's thread streams (a reader returns at its first wait):
  // made later, they cost a small file's job most of a millisecond.
  const [model] = await Promise.all([
    readSource(source, ahead, ifcExtrasWanted(request.outputs, source.fileName)),
    makeFolders(request, source.fileName, viewGuids),
  ]);
  onProgress(READ_SHARE);

  // Synchronous: this worker process has nothing else to do meanwhile, and a small file written at
  // once costs a third of the thread-pool round trips of an asynchronous open, write and close.
  const put: Put = (relativePath, role, mime, content, resolution) => {
    const target = path.join(request.outDir, relativePath);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
    return { role, path: relativePath, mime, size: content.byteLength, ...(resolution ? { resolution } : {}) };
  };

  const result: TranslationResult = { derivatives: [], warnings: model.warnings };
  const work: JobWork = { put, rendered: new Map(), viewable, viewGuids, title: request.title ?? source.fileName };
  for (const [index, output] of request.outputs.entries()) {
    const derivative = await writeOutput(output, model, source.fileName, source.bytes, work).catch((error: unknown) =>
      failedOutput(output.type, error),
    );
    // Options the job named that this engine did not apply are said on the derivative they were asked of.
    if (derivative.status === 'success') derivative.messages.push(...notAppliedMessages(output, source.fileName));
    if (isViewable(output.type) && derivative.status === 'success')
      result.propertiesPath ??= `${output.type}/properties.json`;
    result.derivatives.push(derivative);
    onProgress(READ_SHARE + Math.round(((100 - READ_SHARE) * (index + 1)) / request.outputs.length));
  }
  return result;
}

async function writeOutput(
  output: JobOutputFormat,
  model: ReadModel,
  fileName: string,
  sourceBytes: Uint8Array,
  work: JobWork,
): Promise<EngineDerivative> {
  const { put } = work;
  const derivative: EngineDerivative = {
    outputType: output.type,
    status: 'success',
    messages: [],
    views: [],
    files: [],
  };
  if (!converts(fileName, output.type)) {
    throw new TranslationError(
      'TranslationWorker-UnsupportedOutput',
      `A .${extensionOf(fileName)} file cannot be translated to ${output.type}.`,
    );
  }
  switch (output.type) {
    case 'svf2':
    case 'svf':
      return writeViewables(output, model, derivative, work);
    case 'thumbnail':
      derivative.files.push(...(await thumbnails(model, 'thumbnail', work)));
      return derivative;
    case 'obj':
      requireModel3d(model, 'OBJ');
      return writeObjOutput(output, model, put, derivative);
    case 'stl':
      requireModel3d(model, 'STL');
      return writeStlOutput(output, model, fileName, put, derivative);
    case 'ifc': {
      // An IFC source is the model itself: passing it through keeps every entity a re-export would lose.
      const passThrough = extensionOf(fileName) === 'ifc';
      if (!passThrough) requireModel3d(model, 'IFC');
      const ifc = passThrough ? sourceBytes : await writeTriangulatedIfc(model);
      derivative.files.push(put('ifc/model.ifc', 'ifc', 'application/x-step', ifc));
      return derivative;
    }
    case 'pdf':
      derivative.files.push(
        put(
          'pdf/model.pdf',
          'pdf',
          'application/pdf',
          await (await formatModules.pdf()).writePdf(model, { title: work.title }),
        ),
      );
      return derivative;
  }
}

async function writeViewables(
  output: JobOutputFormat,
  model: ReadModel,
  derivative: EngineDerivative,
  work: JobWork,
): Promise<EngineDerivative> {
  const { put } = work;
  const kind = model.drawing ? '2d' : '3d';
  const wanted = output.views ?? ['2d', '3d'];
  if (!wanted.includes(kind)) {
    throw new TranslationError(
      'TranslationWorker-NoViewable',
      `This ${kind === '2d' ? '2D drawing' : '3D model'} has no ${wanted.join(' or ')} view to make.`,
    );
  }
  const folder = output.type;
  const guid = work.viewGuids.get(folder) as string;
  // Storeys, spaces and openings as this output's IFC options ask: its tree and its GLB agree.
  const shaped = shapeViewable(model, ifcVisibility(output));
  derivative.messages.push(...(folder === 'svf' ? [LEGACY_SVF_NOTE] : []), ...shaped.messages);
  const glb =
    kind === '2d' ? await writeDrawingGlb(model) : await writeModelGlb(shaped.model, work.viewable?.glb, shaped.hidden);
  // Written while the reader's thread may still be drawing the thumbnails.
  const graphics = put(`${folder}/${guid}/model.glb`, 'graphics', 'model/gltf-binary', glb);
  const properties = put(
    `${folder}/properties.json`,
    'Autodesk.CloudPlatform.PropertyDatabase',
    'application/json',
    writePropertyDatabase(shaped.model, [guid], work.viewable?.properties),
  );
  const pictures = await thumbnails(model, `${folder}/${guid}`, work);
  derivative.views.push({ guid, name: kind === '2d' ? '2D' : '3D', role: kind, files: [graphics, ...pictures] });
  derivative.files.push(properties);
  return derivative;
}

/** The job's thumbnails, drawn once: taken from the reader when it had them drawn alongside, else drawn here. */
async function drawn(model: ReadModel, rendered: Thumbnails): Promise<Thumbnails> {
  if (rendered.size === 0) {
    const pictures = (await model.thumbnails?.catch(() => undefined)) ?? renderThumbnails(model);
    for (const [size, png] of pictures) rendered.set(size, png);
  }
  return rendered;
}

async function thumbnails(model: ReadModel, folder: string, { put, rendered }: JobWork): Promise<EngineFile[]> {
  const pictures = await drawn(model, rendered);
  return [...THUMBNAIL_SIZES]
    .reverse()
    .map((size) =>
      put(`${folder}/thumbnail-${size}.png`, 'thumbnail', 'image/png', pictures.get(size) as Uint8Array, [size, size]),
    );
}

/** The folder of each output the source can be translated to (an output's files all go in one). */
async function makeFolders(
  request: TranslationRequest,
  fileName: string,
  viewGuids: ReadonlyMap<OutputType, string>,
): Promise<void> {
  const folders = request.outputs
    .filter(({ type }) => converts(fileName, type))
    .map(({ type }) => (viewGuids.has(type) ? `${type}/${viewGuids.get(type)}` : type));
  await Promise.all(folders.map((folder) => mkdir(path.join(request.outDir, folder), { recursive: true })));
}

/** svf2 and svf: the same GLB-based viewable (ours, not Autodesk's SVF), each in its own folder. */
const isViewable = (type: OutputType) => type === 'svf2' || type === 'svf';

/** Said on every svf derivative, so no client takes its files for Autodesk's SVF. */
const LEGACY_SVF_NOTE: EngineMessage = {
  type: 'info',
  code: 'TranslationWorker-SvfAsGlb',
  message:
    "svf is made as this platform's viewable, the same as svf2: a GLB (model/gltf-binary) and a JSON property database, not Autodesk's SVF files.",
};

/** A mesh format needs triangles: a drawing or a model without any fails this output, in words. */
function requireModel3d(model: ReadModel, format: string) {
  if (model.drawing)
    throw new TranslationError(
      'TranslationWorker-UnsupportedOutput',
      `${format} needs a 3D model, and this file is a 2D drawing.`,
    );
  if (triangleCount(model) === 0)
    throw new TranslationError(
      'TranslationWorker-NoGeometry',
      `This model holds no geometry, so there is nothing to write as ${format}.`,
    );
}

function failedOutput(outputType: OutputType, error: unknown): EngineDerivative {
  const message: EngineMessage =
    error instanceof TranslationError
      ? { type: 'error', code: error.code, message: error.message }
      : {
          type: 'error',
          code: 'TranslationWorker-InternalFailure',
          message: `Writing ${outputType} failed: ${error instanceof Error ? error.message : String(error)}`,
        };
  return { outputType, status: 'failed', messages: [message], views: [], files: [] };
}

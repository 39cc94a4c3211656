import { TranslationError, type ReadModel } from '../model';
import type { ReadAhead } from './read-ahead';
import { IfcDescriber } from './ifc-describe';
import { NO_EXTRAS, readIfcExtras, type IfcExtrasWanted } from './ifc-extras';
import { schemaIndex } from './ifc-lines';
import { readIfcInThread } from './ifc-thread';
import { malformed } from './mesh-utils';

/**
 * IFC (2x3, 4, 4x3): the geometry through web-ifc, in the worker's second thread; meanwhile the
 * spatial tree, names, property sets and materials from the file's text, in this one.
 */
export async function readIfc(
  bytes: Uint8Array,
  ahead?: ReadAhead,
  extras: IfcExtrasWanted = NO_EXTRAS,
): Promise<ReadModel> {
  checkEnvelope(bytes);
  const schema = headerSchema(bytes);
  const onMeshes = ahead?.meshes?.bind(ahead);
  const reading = readIfcInThread(bytes, onMeshes && ((batch) => batch.forEach(([, meshes]) => onMeshes(meshes))));
  let describer: IfcDescriber;
  try {
    describer = IfcDescriber.start(bytes, schema);
  } catch (error) {
    reading.abandon();
    throw error;
  }
  ahead?.objects?.(describer.described);
  const geometry = await reading.geometry;
  const description = describer.finish([...geometry.meshes.keys()], extras.openings);
  description.objects.forEach(
    (object, index) => (object.meshes = geometry.meshes.get(description.expressIds[index] as number) ?? []),
  );
  const model: ReadModel = {
    sourceFormat: geometry.schema || 'IFC',
    objects: description.objects,
    levels: description.levels,
    warnings: [],
    thumbnails: reading.thumbnails,
  };
  if (extras.spaces || extras.openings) {
    const meshes = await readIfcExtras(bytes, extras);
    model.viewableOnly = new Map(
      description.objects.flatMap((object, index) => {
        const own = meshes.get(description.expressIds[index] as number);
        return own ? [[object.dbId, own] as const] : [];
      }),
    );
  }
  reportMissing(description.missing, geometry.meshes.size, model);
  if (geometry.empty > 0) {
    model.warnings.push({
      type: 'warning',
      code: 'IFC-EmptyGeometry',
      message: `${geometry.empty} geometries had no triangles and were skipped.`,
    });
  }
  return model;
}

/** The schema the header names (`FILE_SCHEMA(('IFC4'))`), as web-ifc reads it, checked before web-ifc is given the file. */
function headerSchema(bytes: Uint8Array): string {
  const header = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1 << 16)).toString('latin1');
  const schema = /FILE_SCHEMA\s*\(\s*\(\s*'([^']*)'/i.exec(header)?.[1];
  if (!schema) throw malformed('IFC', 'its header does not name its schema (FILE_SCHEMA).');
  if (schemaIndex(schema) < 0) {
    throw malformed('IFC', `its schema ${schema} is not one this engine reads (IFC2X3, IFC4 or IFC4X3).`);
  }
  return schema;
}

/** A STEP physical file begins with ISO-10303-21 and ends with END-ISO-10303-21; anything else is not (all of) one. */
function checkEnvelope(bytes: Uint8Array): void {
  if (bytes.length === 0) throw malformed('IFC', 'it is empty.');
  const head = new TextDecoder()
    .decode(bytes.subarray(0, 512))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (!head.startsWith('ISO-10303-21'))
    throw malformed('IFC', 'it does not begin with ISO-10303-21, so it is not an IFC file.');
  const tail = new TextDecoder().decode(bytes.subarray(Math.max(0, bytes.length - 256)));
  if (!tail.includes('END-ISO-10303-21'))
    throw new TranslationError(
      'TranslationWorker-InvalidSource',
      'The IFC file is truncated: it does not end with END-ISO-10303-21.',
    );
}

/**
 * References to entities the file lacks: a cut file when nothing else is left of it (its geometry is
 * gone too), otherwise a model worth showing, with the gap said in a warning.
 */
function reportMissing(missing: number[], meshCount: number, model: ReadModel): void {
  const count = missing.length;
  if (count === 0) return;
  const examples =
    missing
      .slice(0, 3)
      .map((id) => `#${id}`)
      .join(', ') + (count > 3 ? ', …' : '');
  const refers = `refers to ${count.toLocaleString('en-US')} ${count === 1 ? 'entity' : 'entities'} it does not contain (${examples})`;
  if (meshCount === 0) throw malformed('IFC', `it is damaged or cut short: it ${refers}.`);
  model.warnings.push({
    type: 'warning',
    code: 'IFC-MissingEntities',
    message: `The file ${refers}; what they described is left out.`,
  });
}

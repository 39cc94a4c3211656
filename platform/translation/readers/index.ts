import { formatModules } from '../format-modules';
import { extensionOf } from '../formats';
import { TranslationError, type ReadModel } from '../model';
import type { IfcExtrasWanted } from './ifc-extras';
import type { ReadAhead } from './read-ahead';
import { readGltf } from './gltf';
import { readIfc } from './ifc';
import { sanitiseModel } from './sanitise';
import { readStep } from './step';
import { readStl } from './stl';

export interface SourceFiles {
  fileName: string;
  bytes: Uint8Array;
  /** Other files beside it (from a zip): name → bytes. */
  siblings: Map<string, Uint8Array>;
}

/**
 * Reads a source into the engine's model, picking the reader by the file's extension. A reader's own
 * checks give the precise words; anything a library throws past them (web-ifc meeting a reference to an
 * entity a damaged file lost) still ends as a TranslationError a person can read, not an internal failure.
 */
export async function readSource(
  source: SourceFiles,
  ahead?: ReadAhead,
  ifcExtras?: IfcExtrasWanted,
): Promise<ReadModel> {
  try {
    return sanitiseModel(await readWith(source, ahead, ifcExtras));
  } catch (error) {
    if (error instanceof TranslationError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new TranslationError(
      'TranslationWorker-InvalidSource',
      `The ${extensionOf(source.fileName).toUpperCase()} file could not be read: it is damaged or cut short (${detail}).`,
    );
  }
}

async function readWith(source: SourceFiles, ahead?: ReadAhead, ifcExtras?: IfcExtrasWanted): Promise<ReadModel> {
  const { fileName, bytes, siblings } = source;
  const extension = extensionOf(fileName);
  switch (extension) {
    case 'ifc':
      return readIfc(bytes, ahead, ifcExtras);
    case 'step':
    case 'stp':
      return readStep(bytes, 'STEP');
    case 'iges':
    case 'igs':
      return readStep(bytes, 'IGES');
    case 'obj':
      return (await formatModules.obj()).readObj(bytes, siblings);
    case 'stl':
      return readStl(bytes, fileName);
    case 'glb':
      return readGltf(bytes, true, siblings);
    case 'gltf':
      return readGltf(bytes, false, siblings);
    case 'dxf':
      return (await formatModules.dxf()).readDxf(bytes);
    case '3dm':
      return (await formatModules.rhino()).readRhino(bytes);
    default:
      throw new TranslationError(
        'TranslationWorker-UnsupportedFormat',
        `Files of type .${extension || '(none)'} cannot be translated (${fileName}).`,
      );
  }
}

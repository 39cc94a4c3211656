import type { JobOutputFormat } from '../../../contracts/model-derivative';
import type { EngineDerivative, EngineFile } from '../engine-types';
import type { ReadModel } from '../model';
import { componentsOf, selectObjects, withObjects } from './components';
import { METRES_PER_UNIT, objOptions, stlOptions } from './mesh-options';
import { ObjMaterials, objText, writeObj } from './obj';
import { writeStl } from './stl';

/**
 * The `stl` and `obj` outputs with their documented `advanced` options: one file or one per
 * component, STL's format and colour, OBJ's unit and subset of objects. Every file written is put
 * in the derivative, so the manifest lists each and the download endpoints serve each.
 */

/** Writes one file of the derivative into the job's directory and describes it (the engine's `put`). */
export type PutFile = (relativePath: string, role: string, mime: string, bytes: Uint8Array) => EngineFile;

const STL_MIME = 'application/vnd.ms-pki.stl';
const OBJ_MIME = 'application/octet-stream';
const MTL_MIME = 'text/plain';

/** Readers of these formats find no length unit in the file and take its numbers as metres. */
const UNITLESS_SOURCE = /^(OBJ|STL)\b/;

export function writeStlOutput(
  output: JobOutputFormat,
  model: ReadModel,
  sourceName: string,
  put: PutFile,
  derivative: EngineDerivative,
): EngineDerivative {
  const { format, exportColor, fileStructure } = stlOptions(output);
  const color = format === 'binary' && exportColor;
  if (format === 'ascii' && exportColor) {
    derivative.messages.push({
      type: 'warning',
      code: 'STL-ColorNotWritten',
      message:
        "ASCII STL has no place for colour, so this STL holds none; ask for binary STL to keep each facet's colour.",
    });
  }
  if (fileStructure === 'single') {
    derivative.files.push(
      put(
        'stl/model.stl',
        'stl',
        STL_MIME,
        writeStl(model, { format, color, label: `Design Data Manager from ${sourceName}` }),
      ),
    );
    return derivative;
  }
  for (const { object, fileName } of componentsOf(model)) {
    const label = `Design Data Manager: ${fileName} from ${sourceName}`;
    derivative.files.push(
      put(`stl/${fileName}.stl`, 'stl', STL_MIME, writeStl(withObjects(model, [object]), { format, color, label })),
    );
  }
  return derivative;
}

export function writeObjOutput(
  output: JobOutputFormat,
  whole: ReadModel,
  put: PutFile,
  derivative: EngineDerivative,
): EngineDerivative {
  const { fileStructure, unit, modelGuid, objectIds } = objOptions(output);
  const selection = objectIds ? selectObjects(whole, objectIds, 'OBJ') : { model: whole, messages: [] };
  const model = selection.model;
  derivative.messages.push(...selection.messages);
  if (modelGuid !== undefined) {
    derivative.messages.push({
      type: 'info',
      code: 'OBJ-ModelGuidNotChecked',
      message: `modelGuid ${modelGuid} is taken as the model's 3D view without being checked: a model here has one 3D view, and objectIds are read against its objectids.`,
    });
  }
  if (unit !== undefined && UNITLESS_SOURCE.test(model.sourceFormat)) {
    derivative.messages.push({
      type: 'warning',
      code: 'OBJ-SourceUnitUnknown',
      message: `An ${model.sourceFormat} file states no length unit: its coordinates were read as metres, as the engine reads every such file, and converted from metres to ${unit}.`,
    });
  }
  const scale = unit === undefined ? 1 : 1 / METRES_PER_UNIT[unit];
  if (fileStructure === 'single') {
    const { obj, mtl } = writeObj(model, { scale });
    derivative.files.push(put('obj/model.obj', 'obj', OBJ_MIME, obj), put('obj/model.mtl', 'mtl', MTL_MIME, mtl));
    return derivative;
  }
  // One material file for all: a colour is one material whichever part uses it.
  const materials = new ObjMaterials();
  for (const { object, fileName } of componentsOf(model)) {
    derivative.files.push(
      put(
        `obj/${fileName}.obj`,
        'obj',
        OBJ_MIME,
        objText(withObjects(model, [object]), materials, { scale, mtllib: 'materials.mtl' }),
      ),
    );
  }
  derivative.files.push(put('obj/materials.mtl', 'mtl', MTL_MIME, materials.mtl(model.sourceFormat)));
  return derivative;
}

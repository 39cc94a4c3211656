import { TranslationError, type EngineMessage, type ModelObject, type ReadModel } from '../model';
import { meshObjects } from './geometry';

/**
 * The parts of a model a mesh output can be split into or cut down to. A component is an object of
 * the object tree that carries triangles itself (a wall, a part, an OBJ group): the same objects the
 * single-file OBJ writes as `o` entries, so `multiple` files hold exactly what one file would.
 */

export interface Component {
  object: ModelObject;
  /** A file name without extension: ASCII, no path separators, unique in the output even where case is ignored. */
  fileName: string;
}

/** Names Windows refuses as files, whatever the extension. */
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
const MAX_NAME = 80;

function safeBase(object: ModelObject): string {
  const ascii = object.name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const cleaned = ascii
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+|[._]+$/g, '')
    .slice(0, MAX_NAME);
  // A name with no letter or digit left (Japanese, symbols only) would make files no one can tell apart.
  return /[A-Za-z0-9]/.test(cleaned) && !RESERVED.test(cleaned) ? cleaned : `object_${object.dbId}`;
}

/** Each object with triangles, with its file name: its own name made safe, its objectid added where names meet. */
export function componentsOf(model: ReadModel): Component[] {
  const taken = new Set<string>();
  return meshObjects(model).map((object) => {
    const base = safeBase(object);
    let fileName = base;
    for (let attempt = 1; taken.has(fileName.toLowerCase()); attempt++)
      fileName = attempt === 1 ? `${base}_${object.dbId}` : `${base}_${object.dbId}_${attempt}`;
    taken.add(fileName.toLowerCase());
    return { object, fileName };
  });
}

/** The same model with only these objects (each with its own meshes), in model order. */
export const withObjects = (model: ReadModel, objects: readonly ModelObject[]): ReadModel => ({
  ...model,
  objects: [...objects],
});

export interface Selection {
  model: ReadModel;
  /** What the request asked for that the model lacks, as a warning for the derivative. */
  messages: EngineMessage[];
}

/**
 * The objects `objectIds` names and everything under them in the object tree: an id is an `objectid`
 * of the metadata endpoints (the model's dbId), and naming a storey or an assembly takes its contents,
 * as selecting that node in the viewer's model browser does. Ids the model lacks are named in a
 * warning; when none matches, the derivative fails in words instead of writing an empty file.
 */
export function selectObjects(model: ReadModel, objectIds: readonly number[], format: string): Selection {
  const known = new Set(model.objects.map((object) => object.dbId));
  const missing = objectIds.filter((id) => !known.has(id));
  if (missing.length === objectIds.length) {
    throw new TranslationError(
      'TranslationWorker-ObjectsNotFound',
      `None of the objectIds (${listed(missing)}) is an object of this model: GET …/metadata/{modelGuid} lists its objectids.`,
    );
  }
  const children = new Map<number, number[]>();
  for (const object of model.objects) {
    if (object.parent === undefined) continue;
    const siblings = children.get(object.parent);
    if (siblings) siblings.push(object.dbId);
    else children.set(object.parent, [object.dbId]);
  }
  const chosen = new Set<number>();
  const stack = objectIds.filter((id) => known.has(id));
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (chosen.has(id)) continue;
    chosen.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  const selected = withObjects(
    model,
    model.objects.filter((object) => chosen.has(object.dbId)),
  );
  if (meshObjects(selected).length === 0) {
    throw new TranslationError(
      'TranslationWorker-NoGeometry',
      `The objects objectIds names hold no geometry, so there is nothing to write as ${format}.`,
    );
  }
  const messages: EngineMessage[] =
    missing.length === 0
      ? []
      : [
          {
            type: 'warning',
            code: 'TranslationWorker-ObjectsNotFound',
            message: `${missing.length === 1 ? 'objectId' : 'objectIds'} ${listed(missing)} ${missing.length === 1 ? 'is not an object' : 'are not objects'} of this model; the ${format} holds the other ${objectIds.length - missing.length}.`,
          },
        ];
  return { model: selected, messages };
}

/** A list of ids for a message, cut short past twenty. */
const listed = (ids: readonly number[]) =>
  ids.length > 20 ? `${ids.slice(0, 20).join(', ')} and ${ids.length - 20} more` : ids.join(', ');

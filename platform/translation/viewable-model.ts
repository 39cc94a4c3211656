import type { JobOutputFormat } from '../../contracts/model-derivative';
import { extensionOf } from './formats';
import type { EngineMessage, ModelObject, ReadModel } from './model';
import type { IfcExtrasWanted } from './readers/ifc-extras';

/** `show`: drawn; `hide`: in the tree and the GLB, not drawn until asked; `skip`: left out of both. */
export type Visibility = 'show' | 'hide' | 'skip';

export interface IfcVisibility {
  storeys: Visibility;
  spaces: Visibility;
  openings: Visibility;
}

const IFC_CLASSES: Record<keyof IfcVisibility, readonly string[]> = {
  storeys: ['IfcBuildingStorey'],
  spaces: ['IfcSpace'],
  openings: ['IfcOpeningElement', 'IfcOpeningStandardCase'],
};

const modeOf = (value: unknown): Visibility | undefined =>
  value === 'show' || value === 'hide' || value === 'skip' ? value : undefined;

/** A viewable output's IFC options (`buildingStoreys`, `spaces`, `openingElements`), hide when absent as the service documents. */
export function ifcVisibility(output: JobOutputFormat): IfcVisibility {
  const advanced = output.advanced ?? {};
  return {
    storeys: modeOf(advanced['buildingStoreys']) ?? 'hide',
    spaces: modeOf(advanced['spaces']) ?? 'hide',
    openings: modeOf(advanced['openingElements']) ?? 'hide',
  };
}

const isViewable = (output: JobOutputFormat) => output.type === 'svf2' || output.type === 'svf';

/**
 * The spaces' and openings' geometry is read only when a viewable names them show or hide: absent,
 * spaces stay in the tree undrawn and openings out of it, as before, at no cost to every other IFC job.
 */
export function ifcExtrasWanted(outputs: readonly JobOutputFormat[], fileName: string): IfcExtrasWanted {
  const named = (key: string) =>
    outputs.some(
      (output) => isViewable(output) && (output.advanced?.[key] === 'show' || output.advanced?.[key] === 'hide'),
    );
  return extensionOf(fileName) === 'ifc'
    ? { spaces: named('spaces'), openings: named('openingElements') }
    : { spaces: false, openings: false };
}

export interface ShapedViewable {
  model: ReadModel;
  /** dbIds whose nodes the GLB marks hidden (`extras.hidden`): drawn only when someone asks for them. */
  hidden: Set<number>;
  messages: EngineMessage[];
}

/** The model as one viewable shows it: skipped kinds gone from tree and geometry, hidden ones marked. */
export function shapeViewable(model: ReadModel, visibility: IfcVisibility): ShapedViewable {
  const modeOfObject = new Map<number, Visibility>();
  for (const object of model.objects) {
    for (const kind of Object.keys(IFC_CLASSES) as Array<keyof IfcVisibility>)
      if (IFC_CLASSES[kind].includes(object.category)) modeOfObject.set(object.dbId, visibility[kind]);
  }
  const messages: EngineMessage[] = [];
  if (visibility.storeys === 'show' && model.objects.some((object) => IFC_CLASSES.storeys.includes(object.category))) {
    messages.push({
      type: 'info',
      code: 'TranslationWorker-StoreysHaveNoGeometry',
      message:
        'Storeys are in the object tree; this engine gives a storey no geometry of its own, so there is nothing of them to draw.',
    });
  }
  if (modeOfObject.size === 0 && !model.viewableOnly) return { model, hidden: new Set(), messages };
  const byId = new Map(model.objects.map((object) => [object.dbId, object]));
  const skipped = (dbId: number | undefined) => dbId !== undefined && modeOfObject.get(dbId) === 'skip';
  const keptParent = (object: ModelObject) => {
    let parent = object.parent;
    for (
      const seen = new Set<number>();
      skipped(parent) && !seen.has(parent as number);
      parent = byId.get(parent as number)?.parent
    )
      seen.add(parent as number);
    return parent;
  };
  const hidden = new Set<number>();
  const objects = model.objects.flatMap((object): ModelObject[] => {
    if (skipped(object.dbId)) return [];
    if (modeOfObject.get(object.dbId) === 'hide') hidden.add(object.dbId);
    const extra = model.viewableOnly?.get(object.dbId);
    const parent = keptParent(object);
    // The object itself where nothing changes: the writers find what they prepared ahead by its identity.
    if (!extra && parent === object.parent) return [object];
    const { parent: _old, ...rest } = object;
    return [
      {
        ...rest,
        ...(parent !== undefined ? { parent } : {}),
        meshes: extra ? [...object.meshes, ...extra] : object.meshes,
      },
    ];
  });
  return { model: { ...model, objects }, hidden, messages };
}

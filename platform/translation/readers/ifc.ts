import { IFCBUILDINGSTOREY, IFCPROJECT, IFCRELAGGREGATES, IFCRELCONTAINEDINSPATIALSTRUCTURE } from 'web-ifc';
import { TranslationError, type ModelObject, type ReadModel } from '../model';
import { withIfcModel } from './ifc-api';
import { readIfcGeometry } from './ifc-geometry';
import { ifcLines, type IfcLines } from './ifc-lines';
import { readAllProperties, type ElementProperties } from './ifc-properties';
import { projectUnits, refOf, refsOf, textOf, valueOf } from './ifc-values';
import { malformed } from './mesh-utils';

/** IFC (2x3, 4, 4x3) through web-ifc: the spatial tree, every element's geometry, property sets and materials. */
export async function readIfc(bytes: Uint8Array): Promise<ReadModel> {
  checkEnvelope(bytes);
  return withIfcModel(bytes, (api, modelId) => {
    const schema = api.GetModelSchema(modelId);
    const lines = ifcLines(bytes, schema);
    const project = lines.idsOfType(IFCPROJECT)[0];
    if (project === undefined) throw malformed('IFC', 'it has no IfcProject.');
    const units = projectUnits(lines);
    const geometry = readIfcGeometry(api, modelId);
    const properties = readAllProperties(lines, units);
    const model: ReadModel = { sourceFormat: schema || 'IFC', objects: [], warnings: [] };
    buildTree(lines, project, geometry.meshes, properties, model);
    model.levels = storeyLevels(lines, model, units.lengthMetres);
    reportMissing(lines, geometry.meshes.size, model);
    if (geometry.empty > 0) {
      model.warnings.push({ type: 'warning', code: 'IFC-EmptyGeometry', message: `${geometry.empty} geometries had no triangles and were skipped.` });
    }
    return model;
  });
}

/** A STEP physical file begins with ISO-10303-21 and ends with END-ISO-10303-21; anything else is not (all of) one. */
function checkEnvelope(bytes: Uint8Array): void {
  if (bytes.length === 0) throw malformed('IFC', 'it is empty.');
  const head = new TextDecoder().decode(bytes.subarray(0, 512)).replace(/^\uFEFF/, '').trimStart();
  if (!head.startsWith('ISO-10303-21')) throw malformed('IFC', 'it does not begin with ISO-10303-21, so it is not an IFC file.');
  const tail = new TextDecoder().decode(bytes.subarray(Math.max(0, bytes.length - 256)));
  if (!tail.includes('END-ISO-10303-21')) throw new TranslationError('TranslationWorker-InvalidSource', 'The IFC file is truncated: it does not end with END-ISO-10303-21.');
}

/**
 * References to entities the file lacks: a cut file when nothing else is left of it (its geometry is
 * gone too), otherwise a model worth showing, with the gap said in a warning.
 */
function reportMissing(lines: IfcLines, meshCount: number, model: ReadModel): void {
  const count = lines.missing.size;
  if (count === 0) return;
  const examples = [...lines.missing].slice(0, 3).map((id) => `#${id}`).join(', ') + (count > 3 ? ', …' : '');
  const refers = `refers to ${count.toLocaleString('en-US')} ${count === 1 ? 'entity' : 'entities'} it does not contain (${examples})`;
  if (meshCount === 0) throw malformed('IFC', `it is damaged or cut short: it ${refers}.`);
  model.warnings.push({ type: 'warning', code: 'IFC-MissingEntities', message: `The file ${refers}; what they described is left out.` });
}

function buildTree(lines: IfcLines, projectId: number, meshes: Map<number, ModelObject['meshes']>, properties: Map<number, ElementProperties>, model: ReadModel): void {
  const children = new Map<number, number[]>();
  const link = (parent: number | undefined, kids: number[]) => {
    if (parent === undefined) return;
    const list = children.get(parent) ?? [];
    list.push(...kids);
    children.set(parent, list);
  };
  for (const id of lines.idsOfType(IFCRELAGGREGATES)) {
    const rel = lines.line(id);
    link(refOf(rel.RelatingObject), refsOf(rel.RelatedObjects));
  }
  for (const id of lines.idsOfType(IFCRELCONTAINEDINSPATIALSTRUCTURE)) {
    const rel = lines.line(id);
    link(refOf(rel.RelatingStructure), refsOf(rel.RelatedElements));
  }

  const dbIds = new Map<number, number>();
  const add = (expressId: number, parent: number | undefined) => {
    const line = lines.line(expressId);
    const category: string = line.constructor.name;
    const name = textOf(line.Name) ?? `${category} ${expressId}`;
    const dbId = model.objects.length + 1;
    dbIds.set(expressId, dbId);
    const own = properties.get(expressId);
    const identity: Record<string, string | number | boolean | null> = { Name: name, GlobalId: textOf(line.GlobalId) ?? null, 'IFC Type': category };
    for (const key of ['ObjectType', 'Tag', 'Description', 'PredefinedType', 'LongName'] as const) {
      const value = valueOf(line[key]);
      if (value !== null && value !== '') identity[key] = value;
    }
    const object: ModelObject = {
      dbId,
      name,
      externalId: textOf(line.GlobalId) ?? String(expressId),
      category,
      properties: { 'Identity Data': identity, ...own?.groups },
      meshes: meshes.get(expressId) ?? [],
      ...(parent !== undefined ? { parent } : {}),
    };
    if (own && Object.keys(own.units).length) object.propertyUnits = own.units;
    model.objects.push(object);
    return dbId;
  };
  // Depth first from the project, children in source order; an id met twice (a hostile cycle) is placed
  // once, and one the file lacks not at all.
  const visit = (expressId: number, parent: number | undefined) => {
    if (dbIds.has(expressId) || !lines.has(expressId)) return;
    const dbId = add(expressId, parent);
    for (const child of [...new Set(children.get(expressId) ?? [])].sort((a, b) => a - b)) visit(child, dbId);
  };
  visit(projectId, undefined);
  const projectDbId = dbIds.get(projectId) as number;
  for (const expressId of [...meshes.keys()].sort((a, b) => a - b)) if (!dbIds.has(expressId)) visit(expressId, projectDbId);
}

function storeyLevels(lines: IfcLines, model: ReadModel, lengthMetres: number): ReadModel['levels'] {
  const levels: NonNullable<ReadModel['levels']> = [];
  const byExternalId = new Map(model.objects.map((object) => [object.externalId, object]));
  for (const id of lines.idsOfType(IFCBUILDINGSTOREY)) {
    const storey = lines.line(id);
    const elevation = valueOf(storey.Elevation);
    const object = byExternalId.get(textOf(storey.GlobalId) ?? String(id));
    if (typeof elevation !== 'number' || !object) continue;
    object.properties['Identity Data'] = { ...object.properties['Identity Data'], Elevation: elevation * lengthMetres };
    levels.push({ dbId: object.dbId, name: object.name, elevationMetres: elevation * lengthMetres });
  }
  return levels.sort((a, b) => a.elevationMetres - b.elevationMetres);
}

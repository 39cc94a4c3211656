import { webIfc } from './web-ifc';
import type { ModelObject, ReadModel } from '../model';
import { ifcLines, type IfcLines } from './ifc-lines';
import { readAllProperties, type ElementProperties } from './ifc-properties';
import { projectUnits, refOf, refsOf, textOf, valueOf, type IfcLine } from './ifc-values';
import { malformed } from './mesh-utils';

const { IFCBUILDINGSTOREY, IFCPROJECT, IFCRELAGGREGATES, IFCRELCONTAINEDINSPATIALSTRUCTURE, IFCRELVOIDSELEMENT } =
  webIfc;

/** Everything an IFC model is but its geometry; `expressIds[i]` is the entity `objects[i]` came from. */
export interface IfcDescription {
  objects: ModelObject[];
  expressIds: number[];
  levels: NonNullable<ReadModel['levels']>;
  /** Ids the file refers to but lacks. */
  missing: number[];
}

/**
 * Reads an IFC file's spatial tree, names and property sets from its text, without web-ifc: `start`
 * does all it can before the geometry is known, `finish` places the elements with geometry the
 * spatial tree does not reach.
 */
export class IfcDescriber {
  private readonly objects: ModelObject[] = [];
  private readonly expressIds: number[] = [];
  private readonly dbIds = new Map<number, number>();

  private constructor(
    private readonly lines: IfcLines,
    private readonly children: Map<number, number[]>,
    private readonly properties: Map<number, ElementProperties>,
    private readonly lengthMetres: number,
    private readonly projectId: number,
  ) {}

  static start(bytes: Uint8Array, schema: string): IfcDescriber {
    const lines = ifcLines(bytes, schema);
    const projectId = lines.idsOfType(IFCPROJECT)[0];
    if (projectId === undefined) throw malformed('IFC', 'it has no IfcProject.');
    const units = projectUnits(lines);
    const describer = new IfcDescriber(
      lines,
      spatialChildren(lines),
      readAllProperties(lines, units),
      units.lengthMetres,
      projectId,
    );
    describer.visit(projectId, undefined);
    return describer;
  }

  /** The objects placed so far, each final once placed: `finish` only adds more. */
  get described(): readonly ModelObject[] {
    return this.objects;
  }

  /** `withOpenings`: openings are placed too, under the element each voids, after everything else (so no other dbId moves). */
  finish(meshIds: number[], withOpenings = false): IfcDescription {
    const projectDbId = this.dbIds.get(this.projectId) as number;
    for (const expressId of [...meshIds].sort((a, b) => a - b))
      if (!this.dbIds.has(expressId)) this.visit(expressId, projectDbId);
    if (withOpenings) this.placeOpenings(projectDbId);
    return {
      objects: this.objects,
      expressIds: this.expressIds,
      levels: this.storeyLevels(),
      missing: [...this.lines.missing],
    };
  }

  private placeOpenings(projectDbId: number): void {
    for (const id of this.lines.idsOfType(IFCRELVOIDSELEMENT)) {
      const rel = this.lines.line(id);
      const opening = refOf(rel.RelatedOpeningElement);
      const voided = refOf(rel.RelatingBuildingElement);
      if (opening !== undefined)
        this.visit(opening, (voided !== undefined ? this.dbIds.get(voided) : undefined) ?? projectDbId);
    }
  }

  /**
   * Depth first, children in source order; an id met twice (a hostile cycle) is placed once, and one
   * the file lacks not at all.
   */
  private visit(expressId: number, parent: number | undefined): void {
    if (this.dbIds.has(expressId) || !this.lines.has(expressId)) return;
    const dbId = this.add(expressId, parent);
    for (const child of [...new Set(this.children.get(expressId) ?? [])].sort((a, b) => a - b)) this.visit(child, dbId);
  }

  private add(expressId: number, parent: number | undefined): number {
    const line = this.lines.line(expressId);
    const category: string = line.constructor.name;
    const name = textOf(line.Name) ?? `${category} ${expressId}`;
    const dbId = this.objects.length + 1;
    this.dbIds.set(expressId, dbId);
    const own = this.properties.get(expressId);
    const identity: Record<string, string | number | boolean | null> = {
      Name: name,
      GlobalId: textOf(line.GlobalId) ?? null,
      'IFC Type': category,
    };
    for (const key of ['ObjectType', 'Tag', 'Description', 'PredefinedType', 'LongName'] as const) {
      const value = valueOf(line[key]);
      if (value !== null && value !== '') identity[key] = value;
    }
    const elevation = this.elevationMetres(line);
    if (elevation !== undefined) identity['Elevation'] = elevation;
    const object: ModelObject = {
      dbId,
      name,
      externalId: textOf(line.GlobalId) ?? String(expressId),
      category,
      properties: { 'Identity Data': identity, ...own?.groups },
      meshes: [],
      ...(parent !== undefined ? { parent } : {}),
    };
    if (own && Object.keys(own.units).length) object.propertyUnits = own.units;
    // The elevation is converted to metres above, whatever the file's length unit.
    if (elevation !== undefined)
      object.propertyUnits = { ...object.propertyUnits, 'Identity Data': { Elevation: 'm' } };
    this.objects.push(object);
    this.expressIds.push(expressId);
    return dbId;
  }

  /** A storey's elevation in metres; undefined for anything else, or a storey that states none. */
  private elevationMetres(line: IfcLine): number | undefined {
    if (line.type !== IFCBUILDINGSTOREY) return undefined;
    const elevation = valueOf(line.Elevation);
    return typeof elevation === 'number' ? elevation * this.lengthMetres : undefined;
  }

  private storeyLevels(): IfcDescription['levels'] {
    const levels: IfcDescription['levels'] = [];
    for (const id of this.lines.idsOfType(IFCBUILDINGSTOREY)) {
      const metres = this.elevationMetres(this.lines.line(id));
      const dbId = this.dbIds.get(id);
      const object = dbId === undefined ? undefined : this.objects[dbId - 1];
      if (metres === undefined || !object) continue;
      levels.push({ dbId: object.dbId, name: object.name, elevationMetres: metres });
    }
    return levels.sort((a, b) => a.elevationMetres - b.elevationMetres);
  }
}

/** What each spatial element aggregates or contains, by express id. */
function spatialChildren(lines: IfcLines): Map<number, number[]> {
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
  return children;
}

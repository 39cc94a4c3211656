import { webIfc } from './web-ifc';
import { StepLines } from './step-lines';

const { SchemaNames } = webIfc;

/** A raw attribute as web-ifc's GetLine gives it (unflattened): a wrapped value, a reference, a list or null. */
export type IfcAttribute = unknown;
/** One entity as GetLine gives it; its attributes are read by name. */
export type IfcLine = Record<string, IfcAttribute> & { expressID: number; type: number };

/** An IFC file's instances as web-ifc's GetLine gives them, but parsed in JavaScript (step-lines.ts says why). */
export interface IfcLines {
  /** The instance; a bare `{expressID, type: 0}` for an id the file lacks or a line too broken to read. */
  line(id: number): IfcLine;
  /** Instances of exactly this type (not its subtypes), in file order. */
  idsOfType(type: number): number[];
  has(id: number): boolean;
  /** Ids asked for that the file lacks: a damaged or cut file. */
  readonly missing: ReadonlySet<number>;
}

type Construct = (args: unknown[]) => IfcLine;

/** web-ifc's index of a schema name (IFC2X3 and its aliases 1, IFC4 2, IFC4X3 and its drafts 3); -1 for one it does not read. */
export const schemaIndex = (schemaName: string): number =>
  SchemaNames.findIndex((names) => names?.includes(schemaName.toUpperCase()));

export function ifcLines(bytes: Uint8Array, schemaName: string): IfcLines {
  const schema = Math.max(1, schemaIndex(schemaName));
  const constructors = (webIfc.FromRawLineData as unknown as Record<number, Record<number, Construct>>)[schema] ?? {};
  const step = new StepLines(bytes);
  const missing = new Set<number>();
  const read = (id: number): IfcLine => {
    const type = step.type(id);
    if (type === undefined) missing.add(id);
    const construct = type === undefined ? undefined : constructors[type];
    const args = construct ? step.attributes(id) : undefined;
    try {
      if (construct && args) return Object.assign(construct(args), { expressID: id });
    } catch {
      // An attribute of the wrong kind (a list where a value belongs): the line is treated as absent.
    }
    return { expressID: id, type: 0 };
  };
  return {
    // Not cached: most lines are read once, and the readers keep what they make of shared ones, so a
    // cache would only carry every line through the young generation's collections.
    line: read,
    idsOfType: (type) => step.idsOfType(type),
    has(id) {
      if (step.type(id) !== undefined) return true;
      missing.add(id);
      return false;
    },
    missing,
  };
}

import { webIfc } from './web-ifc';
import type { PropertyValue } from '../model';
import type { IfcAttribute, IfcLine, IfcLines } from './ifc-lines';
import { decodeIfcText } from './step-text';

export type { IfcAttribute, IfcLine };

const { IFCSIUNIT, IFCCONVERSIONBASEDUNIT, IFCUNITASSIGNMENT, IFCMEASUREWITHUNIT } = webIfc;

const REFERENCE = 5;

interface Wrapped {
  type?: number;
  name?: string;
  value?: unknown;
  _representationValue?: unknown;
}

const isWrapped = (attribute: unknown): attribute is Wrapped =>
  typeof attribute === 'object' && attribute !== null && !Array.isArray(attribute);

/** The express id an attribute refers to, if it is a reference. */
export function refOf(attribute: IfcAttribute): number | undefined {
  return isWrapped(attribute) && attribute.type === REFERENCE && typeof attribute.value === 'number'
    ? attribute.value
    : undefined;
}

export function refsOf(attribute: IfcAttribute): number[] {
  if (!Array.isArray(attribute)) return [];
  return attribute.map(refOf).filter((id): id is number => id !== undefined);
}

/**
 * A plain value from web-ifc's wrappers: reals come as `_representationValue`, the rest as `value`;
 * IFC logicals `.T.`/`.F.` become booleans and `.U.` (unknown) null.
 */
export function valueOf(attribute: IfcAttribute): PropertyValue {
  if (attribute === null || attribute === undefined) return null;
  if (Array.isArray(attribute)) {
    const values = attribute.map(valueOf).filter((value) => value !== null);
    return values.length === 0 ? null : values.length === 1 ? (values[0] as PropertyValue) : values.join(', ');
  }
  if (!isWrapped(attribute))
    return typeof attribute === 'string' || typeof attribute === 'number' || typeof attribute === 'boolean'
      ? attribute
      : null;
  const raw = attribute._representationValue !== undefined ? attribute._representationValue : attribute.value;
  if (attribute.name === 'IFCBOOLEAN' || attribute.name === 'IFCLOGICAL') {
    if (raw === true || raw === 'T') return true;
    if (raw === false || raw === 'F') return false;
    return null;
  }
  if (typeof raw === 'string') return decodeIfcText(raw);
  if (typeof raw === 'number' || typeof raw === 'boolean') return raw;
  return null;
}

export const textOf = (attribute: IfcAttribute): string | undefined => {
  const value = valueOf(attribute);
  return value === null || value === '' ? undefined : String(value);
};

/** The measure type of a wrapped value (IFCLENGTHMEASURE …), to find its unit. */
export const measureOf = (attribute: IfcAttribute): string | undefined =>
  isWrapped(attribute) ? attribute.name : undefined;

const PREFIX: Record<string, number> = {
  EXA: 1e18,
  PETA: 1e15,
  TERA: 1e12,
  GIGA: 1e9,
  MEGA: 1e6,
  KILO: 1e3,
  HECTO: 1e2,
  DECA: 10,
  DECI: 0.1,
  CENTI: 0.01,
  MILLI: 1e-3,
  MICRO: 1e-6,
  NANO: 1e-9,
};
const PREFIX_SYMBOL: Record<string, string> = { KILO: 'k', CENTI: 'c', MILLI: 'm', DECI: 'd', MICRO: 'µ' };
const SI_SYMBOL: Record<string, string> = {
  METRE: 'm',
  SQUARE_METRE: 'm²',
  CUBIC_METRE: 'm³',
  GRAM: 'g',
  SECOND: 's',
  RADIAN: 'rad',
  KELVIN: 'K',
  DEGREE_CELSIUS: '°C',
  WATT: 'W',
  JOULE: 'J',
};

export interface ProjectUnits {
  /** Metres per length unit of the file. */
  lengthMetres: number;
  /** Unit symbol per unit type (LENGTHUNIT → mm …) for labelling numbers. */
  symbols: Map<string, string>;
}

/** The project's units from its IfcUnitAssignment; metres and SI symbols where it says nothing. */
export function projectUnits(lines: IfcLines): ProjectUnits {
  const units: ProjectUnits = { lengthMetres: 1, symbols: new Map() };
  for (const assignment of lines.idsOfType(IFCUNITASSIGNMENT)) {
    const line = lines.line(assignment);
    for (const unitId of refsOf(line.Units)) {
      const unit = lines.line(unitId);
      const unitType = textOf(unit.UnitType) ?? '';
      if (unit.type === IFCSIUNIT) {
        const prefix = textOf(unit.Prefix);
        const name = textOf(unit.Name) ?? '';
        const symbol = SI_SYMBOL[name];
        if (symbol) units.symbols.set(unitType, `${prefix ? (PREFIX_SYMBOL[prefix] ?? '') : ''}${symbol}`);
        if (unitType === 'LENGTHUNIT') units.lengthMetres = prefix ? (PREFIX[prefix] ?? 1) : 1;
      } else if (unit.type === IFCCONVERSIONBASEDUNIT) {
        units.symbols.set(unitType, (textOf(unit.Name) ?? '').toLowerCase());
        const factorId = refOf(unit.ConversionFactor);
        if (unitType === 'LENGTHUNIT' && factorId !== undefined) {
          const factor = lines.line(factorId);
          const value = factor.type === IFCMEASUREWITHUNIT ? valueOf(factor.ValueComponent) : null;
          // The factor is in the SI unit it names (metres, or millimetres for some exporters); metres is the norm.
          if (typeof value === 'number' && value > 0) units.lengthMetres = value;
        }
      }
    }
    break;
  }
  return units;
}

const MEASURE_UNIT: Record<string, string> = {
  IFCLENGTHMEASURE: 'LENGTHUNIT',
  IFCPOSITIVELENGTHMEASURE: 'LENGTHUNIT',
  IFCNONNEGATIVELENGTHMEASURE: 'LENGTHUNIT',
  IFCAREAMEASURE: 'AREAUNIT',
  IFCVOLUMEMEASURE: 'VOLUMEUNIT',
  IFCMASSMEASURE: 'MASSUNIT',
  IFCPLANEANGLEMEASURE: 'PLANEANGLEUNIT',
  IFCPOSITIVEPLANEANGLEMEASURE: 'PLANEANGLEUNIT',
  IFCTIMEMEASURE: 'TIMEUNIT',
  IFCTHERMODYNAMICTEMPERATUREMEASURE: 'THERMODYNAMICTEMPERATUREUNIT',
};

/** The unit symbol of a measure type in this project (m, m², kg …), where known. */
export function unitSymbol(
  units: ProjectUnits,
  measure: string | undefined,
  fallbackUnitType?: string,
): string | undefined {
  const unitType = (measure ? MEASURE_UNIT[measure] : undefined) ?? fallbackUnitType;
  if (!unitType) return undefined;
  return units.symbols.get(unitType) ?? { LENGTHUNIT: 'm', AREAUNIT: 'm²', VOLUMEUNIT: 'm³', MASSUNIT: 'kg' }[unitType];
}

import { webIfc } from './web-ifc';
import type { PropertyGroups, PropertyValue } from '../model';
import type { IfcLines } from './ifc-lines';
import { measureOf, refOf, refsOf, textOf, unitSymbol, valueOf, type IfcLine, type ProjectUnits } from './ifc-values';

const {
  IFCCOMPLEXPROPERTY,
  IFCELEMENTQUANTITY,
  IFCMATERIAL,
  IFCMATERIALCONSTITUENTSET,
  IFCMATERIALLAYERSET,
  IFCMATERIALLAYERSETUSAGE,
  IFCMATERIALLIST,
  IFCMATERIALPROFILESET,
  IFCMATERIALPROFILESETUSAGE,
  IFCPROPERTYBOUNDEDVALUE,
  IFCPROPERTYSET,
  IFCRELASSOCIATESMATERIAL,
  IFCRELDEFINESBYPROPERTIES,
  IFCRELDEFINESBYTYPE,
} = webIfc;

export interface ElementProperties {
  groups: PropertyGroups;
  units: Record<string, Record<string, string>>;
}

interface PropertySet {
  name: string;
  values: Record<string, PropertyValue>;
  units: Record<string, string>;
  hasUnits: boolean;
}

/**
 * Every element's property sets, quantity sets, type properties and materials in one pass over the
 * relationships (not one query per element: Office_A has 5,000 sets), keyed by express id.
 */
export function readAllProperties(lines: IfcLines, units: ProjectUnits): Map<number, ElementProperties> {
  const line = (id: number) => lines.line(id);
  // Sets, properties and materials are shared: Office_A's 5,000 sets refer to 21,000 properties,
  // 2,800 of them distinct, and many relationships name the same layer set usage. Each is read once.
  const entriesOf = readOnce((id) => readProperty(line, line(id), '', units, []));
  const setOf = readOnce((id) => readSet(line, id, entriesOf));
  const materialOf = readOnce((id) => readMaterial(line, id));
  const result = new Map<number, ElementProperties>();
  const entry = (id: number) => {
    let found = result.get(id);
    if (!found) result.set(id, (found = { groups: {}, units: {} }));
    return found;
  };
  // A set's values are shared by every element it is assigned to, and copied only when a second set
  // of the same name merges into them: Office_A assigns 5,000 sets to thousands of elements.
  const copies = new Set<object>();
  const merge = <T>(
    into: Record<string, Record<string, T>>,
    name: string,
    from: Record<string, T>,
    overwrite: boolean,
  ) => {
    const existing = into[name];
    if (!existing) {
      into[name] = from;
      return;
    }
    let group = existing;
    if (!copies.has(existing)) copies.add((group = into[name] = { ...existing }));
    for (const [key, value] of Object.entries(from)) if (overwrite || !(key in group)) group[key] = value;
  };
  const addSet = (target: ElementProperties, set: PropertySet, overwrite: boolean) => {
    merge(target.groups, set.name, set.values, overwrite);
    // Most sets state no unit: an element gets a units group only when one of its sets has some.
    if (set.hasUnits) merge(target.units, set.name, set.units, overwrite);
  };

  for (const relId of lines.idsOfType(IFCRELDEFINESBYPROPERTIES)) {
    const rel = line(relId);
    const definitions =
      refOf(rel.RelatingPropertyDefinition) !== undefined
        ? [refOf(rel.RelatingPropertyDefinition) as number]
        : refsOf(rel.RelatingPropertyDefinition);
    for (const definition of definitions) {
      const set = setOf(definition);
      if (set) for (const object of refsOf(rel.RelatedObjects)) addSet(entry(object), set, true);
    }
  }

  const materials = new Map<number, Record<string, PropertyValue>>();
  for (const relId of lines.idsOfType(IFCRELASSOCIATESMATERIAL)) {
    const rel = line(relId);
    const materialId = refOf(rel.RelatingMaterial);
    if (materialId === undefined) continue;
    const group = materialOf(materialId);
    for (const object of refsOf(rel.RelatedObjects)) materials.set(object, group);
  }

  // Type objects carry shared sets and materials; the occurrence's own values win over the type's.
  for (const relId of lines.idsOfType(IFCRELDEFINESBYTYPE)) {
    const rel = line(relId);
    const typeId = refOf(rel.RelatingType);
    if (typeId === undefined) continue;
    const type = line(typeId);
    const typeSets = refsOf(type.HasPropertySets)
      .map(setOf)
      .filter((set): set is PropertySet => set !== undefined);
    const typeName = textOf(type.Name);
    const typeMaterial = materials.get(typeId);
    for (const object of refsOf(rel.RelatedObjects)) {
      const target = entry(object);
      for (const set of typeSets) addSet(target, set, false);
      if (typeName)
        target.groups['Type'] = {
          Name: typeName,
          'IFC Type': type.constructor.name,
          GlobalId: textOf(type.GlobalId) ?? null,
        };
      if (typeMaterial && !materials.has(object)) materials.set(object, typeMaterial);
    }
  }
  for (const [object, group] of materials) {
    const target = entry(object);
    target.groups['Materials'] = group;
    const thicknesses = Object.keys(group).filter((name) => name.endsWith('Thickness'));
    if (thicknesses.length)
      target.units['Materials'] = Object.fromEntries(
        thicknesses.map((name) => [name, unitSymbol(units, 'IFCLENGTHMEASURE') ?? 'm']),
      );
  }
  return result;
}

/** `read` for each id once; later calls get what the first one made. */
function readOnce<T>(read: (id: number) => T): (id: number) => T {
  const made = new Map<number, T>();
  return (id) => {
    if (!made.has(id)) made.set(id, read(id));
    return made.get(id) as T;
  };
}

/** One value of a set: its name (dotted under a complex property), the value and its unit symbol. */
type PropertyEntry = [name: string, value: PropertyValue, unit: string | undefined];

const QUANTITY_UNIT: Record<string, string> = {
  IfcQuantityLength: 'LENGTHUNIT',
  IfcQuantityArea: 'AREAUNIT',
  IfcQuantityVolume: 'VOLUMEUNIT',
  IfcQuantityWeight: 'MASSUNIT',
};

function readSet(
  line: (id: number) => IfcLine,
  id: number,
  entriesOf: (id: number) => PropertyEntry[],
): PropertySet | undefined {
  const set = line(id);
  if (set.type !== IFCPROPERTYSET && set.type !== IFCELEMENTQUANTITY) return undefined;
  const result: PropertySet = {
    name: textOf(set.Name) ?? `${set.constructor.name} ${id}`,
    values: {},
    units: {},
    hasUnits: false,
  };
  const items = set.type === IFCPROPERTYSET ? refsOf(set.HasProperties) : refsOf(set.Quantities);
  for (const itemId of items) {
    for (const [name, value, unit] of entriesOf(itemId)) {
      result.values[name] = value;
      if (unit) {
        result.units[name] = unit;
        result.hasUnits = true;
      }
    }
  }
  return result;
}

/** A property's entries; `path` holds the complex properties it sits in, so a hostile cycle ends. */
function readProperty(
  line: (id: number) => IfcLine,
  property: IfcLine,
  prefix: string,
  units: ProjectUnits,
  into: PropertyEntry[],
  path: number[] = [],
): PropertyEntry[] {
  const name = `${prefix}${textOf(property.Name) ?? `#${property.expressID}`}`;
  if (property.type === IFCCOMPLEXPROPERTY) {
    path.push(property.expressID);
    for (const child of refsOf(property.HasProperties))
      if (!path.includes(child)) readProperty(line, line(child), `${name}.`, units, into, path);
    path.pop();
    return into;
  }
  if (property.type === IFCPROPERTYBOUNDEDVALUE) {
    const lower = valueOf(property.LowerBoundValue);
    const upper = valueOf(property.UpperBoundValue);
    into.push([name, lower === null && upper === null ? null : `${lower ?? ''} – ${upper ?? ''}`, undefined]);
    return into;
  }
  let raw: unknown = property.NominalValue ?? property.EnumerationValues ?? property.ListValues;
  if (raw === undefined) {
    // Quantities hold their number in LengthValue, AreaValue, VolumeValue, CountValue, WeightValue, TimeValue.
    const key = Object.keys(property).find((candidate) => candidate.endsWith('Value') && property[candidate] !== null);
    raw = key ? property[key] : null;
  }
  const value = valueOf(raw);
  const measure = Array.isArray(raw) ? measureOf(raw[0]) : measureOf(raw);
  into.push([
    name,
    value,
    typeof value === 'number' ? unitSymbol(units, measure, QUANTITY_UNIT[property.constructor.name]) : undefined,
  ]);
  return into;
}

/** Material names and layer thicknesses, from whichever of IFC's material shapes the element uses. */
function readMaterial(line: (id: number) => IfcLine, id: number): Record<string, PropertyValue> {
  const material = line(id);
  const nameOf = (materialId: number | undefined) =>
    materialId === undefined ? undefined : textOf(line(materialId).Name);
  const group: Record<string, PropertyValue> = {};
  const layers = (layerSetId: number | undefined) => {
    if (layerSetId === undefined) return;
    const layerSet = line(layerSetId);
    if (textOf(layerSet.LayerSetName)) group['Layer Set'] = textOf(layerSet.LayerSetName) as string;
    refsOf(layerSet.MaterialLayers).forEach((layerId, index) => {
      const layer = line(layerId);
      group[`Layer ${index + 1}`] = nameOf(refOf(layer.Material)) ?? null;
      group[`Layer ${index + 1} Thickness`] = valueOf(layer.LayerThickness);
    });
  };
  switch (material.type) {
    case IFCMATERIAL:
      group['Material'] = textOf(material.Name) ?? null;
      break;
    case IFCMATERIALLAYERSETUSAGE:
      layers(refOf(material.ForLayerSet));
      break;
    case IFCMATERIALLAYERSET:
      layers(id);
      break;
    case IFCMATERIALLIST:
      group['Material'] = refsOf(material.Materials).map(nameOf).filter(Boolean).join(', ');
      break;
    case IFCMATERIALCONSTITUENTSET:
      group['Material'] = refsOf(material.MaterialConstituents)
        .map((c) => nameOf(refOf(line(c).Material)))
        .filter(Boolean)
        .join(', ');
      break;
    case IFCMATERIALPROFILESETUSAGE:
    case IFCMATERIALPROFILESET: {
      const setId = material.type === IFCMATERIALPROFILESET ? id : refOf(material.ForProfileSet);
      const profiles = setId === undefined ? [] : refsOf(line(setId).MaterialProfiles);
      group['Material'] = profiles
        .map((p) => nameOf(refOf(line(p).Material)))
        .filter(Boolean)
        .join(', ');
      break;
    }
    default:
      group['Material'] = textOf(material.Name) ?? material.constructor.name;
  }
  const names = Object.entries(group)
    .filter(([key]) => /^Layer \d+$/.test(key))
    .map(([, value]) => value);
  if (names.length && !group['Material']) group['Material'] = names.filter(Boolean).join(', ');
  return group;
}

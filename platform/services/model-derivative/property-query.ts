import type { ObjectProperties, PropertiesQueryPayload, PropertyValue } from '../../../contracts/model-derivative';
import { modelDerivativeError } from '../../http/errors';

export interface ParsedQuery {
  matches: (object: ObjectProperties) => boolean;
  fields: string[] | undefined;
  offset: number;
  limit: number;
}

const bad = (message: string) => modelDerivativeError(400, message);
const OPERATORS = ['$in', '$prefix', '$eq', '$contains', '$between', '$le', '$ge'] as const;
type Operator = (typeof OPERATORS)[number];
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An attribute as the query names it: `objectid`, `name`, `externalId`, or `properties.Category.Name`. */
export function attributeOf(object: ObjectProperties, attribute: string): PropertyValue | undefined {
  if (attribute === 'objectid') return object.objectid;
  if (attribute === 'name') return object.name;
  if (attribute === 'externalId') return object.externalId;
  if (!attribute.startsWith('properties.')) return undefined;
  const rest = attribute.slice('properties.'.length);
  const direct = object.properties[rest];
  if (direct !== undefined && !isRecord(direct)) return direct;
  for (const [category, values] of Object.entries(object.properties)) {
    if (isRecord(values) && rest.startsWith(`${category}.`)) {
      const value = values[rest.slice(category.length + 1)];
      if (value !== undefined) return value;
    }
  }
  return undefined;
}

// Values with units are text ("2.500 m"): comparisons read the number in front.
const numberOf = (value: PropertyValue | undefined) =>
  typeof value === 'number' ? value : typeof value === 'string' ? parseFloat(value) : NaN;

function matcher(operator: Operator, args: unknown[]): (object: ObjectProperties) => boolean {
  const [attribute, ...values] = args;
  if (typeof attribute !== 'string') throw bad(`${operator} takes an attribute name first.`);
  const value = (object: ObjectProperties) => attributeOf(object, attribute);
  const needs = (count: number, kind: 'number' | 'string' | 'scalar') => {
    const ok =
      values.length === count &&
      values.every((item) =>
        kind === 'scalar'
          ? ['string', 'number', 'boolean'].includes(typeof item) || item === null
          : typeof item === kind,
      );
    if (!ok)
      throw bad(
        `${operator} takes an attribute and ${count} ${kind === 'scalar' ? 'value' : kind}${count > 1 ? 's' : ''}.`,
      );
  };
  switch (operator) {
    case '$in':
      if (!values.length || !values.every((item) => typeof item === 'string' || typeof item === 'number'))
        throw bad('$in takes an attribute and at least one value.');
      return (object) => values.some((item) => String(item) === String(value(object)));
    case '$eq':
      needs(1, 'scalar');
      return (object) =>
        value(object) === values[0] || (value(object) !== undefined && String(value(object)) === String(values[0]));
    case '$prefix':
      needs(1, 'string');
      return (object) =>
        String(value(object) ?? '')
          .toLowerCase()
          .startsWith(String(values[0]).toLowerCase());
    case '$contains':
      needs(1, 'string');
      return (object) =>
        String(value(object) ?? '')
          .toLowerCase()
          .includes(String(values[0]).toLowerCase());
    case '$between':
      needs(2, 'number');
      return (object) =>
        numberOf(value(object)) >= (values[0] as number) && numberOf(value(object)) <= (values[1] as number);
    case '$le':
      needs(1, 'number');
      return (object) => numberOf(value(object)) <= (values[0] as number);
    case '$ge':
      needs(1, 'number');
      return (object) => numberOf(value(object)) >= (values[0] as number);
  }
}

/** The `properties:query` body, checked: unknown operators, fields and pagination out of range get a 400. */
export function parsePropertiesQuery(body: unknown): ParsedQuery {
  if (!isRecord(body) || !isRecord(body.query))
    throw bad('The body needs a query object, e.g. {"query": {"$prefix": ["name", "Wall"]}}.');
  const entries = Object.entries(body.query);
  if (entries.length !== 1) throw bad(`The query takes exactly one operator: ${OPERATORS.join(', ')}.`);
  const [operator, args] = entries[0]!;
  if (!(OPERATORS as readonly string[]).includes(operator))
    throw bad(`${operator} is not a query operator: one of ${OPERATORS.join(', ')}.`);
  if (!Array.isArray(args)) throw bad(`${operator} takes an array.`);
  const payload = body as Partial<PropertiesQueryPayload>;
  if (
    payload.fields !== undefined &&
    (!Array.isArray(payload.fields) || !payload.fields.every((field) => typeof field === 'string'))
  )
    throw bad('fields must be an array of names.');
  if (payload.payload !== undefined && payload.payload !== 'text' && payload.payload !== 'unit')
    throw bad('payload must be text or unit.');
  const pagination = isRecord(body.pagination) ? body.pagination : {};
  if (body.pagination !== undefined && !isRecord(body.pagination))
    throw bad('pagination must be an object with offset and limit.');
  const offset = pagination.offset ?? 0;
  const limit = pagination.limit ?? 20;
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0)
    throw bad('pagination.offset must be a whole number from 0.');
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 1000)
    throw bad('pagination.limit must be a whole number from 1 to 1000.');
  return { matches: matcher(operator as Operator, args), fields: payload.fields, offset, limit };
}

const patternOf = (field: string) =>
  new RegExp(
    `^${field
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );

/** Only the `fields` asked for; `properties.X*` wildcards pick categories or single properties. */
export function project(object: ObjectProperties, fields: readonly string[] | undefined): Partial<ObjectProperties> {
  if (!fields) return object;
  const patterns = fields.map(patternOf);
  const wanted = (name: string) => patterns.some((pattern) => pattern.test(name));
  const result: Partial<ObjectProperties> = {};
  if (wanted('objectid')) result.objectid = object.objectid;
  if (wanted('name')) result.name = object.name;
  if (wanted('externalId')) result.externalId = object.externalId;
  const properties: ObjectProperties['properties'] = {};
  for (const [key, value] of Object.entries(object.properties)) {
    if (!isRecord(value)) {
      if (wanted(`properties.${key}`)) properties[key] = value;
      continue;
    }
    if (wanted(`properties.${key}`)) {
      properties[key] = value;
      continue;
    }
    const picked = Object.fromEntries(
      Object.entries(value).filter(([name]) => wanted(`properties.${key}.${name}`)),
    ) as Record<string, PropertyValue>;
    if (Object.keys(picked).length) properties[key] = picked;
  }
  if (Object.keys(properties).length) result.properties = properties;
  return result;
}

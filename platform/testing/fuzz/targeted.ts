import type { FuzzWorld, Pool } from './fuzz-world';
import type { Operation, Schema } from './openapi-operations';
import type { FuzzRequest } from './requests';
import { poolKey } from './values';

const NUL = 'a\u0000b';

/**
 * A plausible value for `schema`, chosen without chance: only the required properties (the scalar
 * ones, when the schema names none), an enum value the pool holds for the name (else the first), a pool value, 1, true.
 */
export function baselineValue(schema: Schema, pool: Pool, name = '', depth = 0): unknown {
  const variant = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (variant && depth < 6) return baselineValue(variant, pool, name, depth + 1);
  const parts = schema.allOf ?? [];
  const properties = Object.assign(
    {},
    ...parts.map((part) => part.properties ?? {}),
    schema.properties ?? {},
  ) as Record<string, Schema>;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (schema.enum?.length)
    return schema.enum.find((value) => pool[poolKey(name)]?.includes(String(value))) ?? schema.enum[0];
  if (depth < 6 && (Object.keys(properties).length || type === 'object')) {
    const required = [...(schema.required ?? []), ...parts.flatMap((part) => part.required ?? [])];
    const scalar = (child: Schema) =>
      !child.properties &&
      !child.items &&
      !child.oneOf &&
      !child.anyOf &&
      !child.allOf &&
      child.type !== 'object' &&
      child.type !== 'array';
    const kept = Object.entries(properties).filter(([key, child]) =>
      required.length ? required.includes(key) : scalar(child),
    );
    return Object.fromEntries(kept.map(([key, child]) => [key, baselineValue(child, pool, key, depth + 1)]));
  }
  if (type === 'array') return depth < 6 ? [baselineValue(schema.items ?? {}, pool, name, depth + 1)] : [];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  return pool[poolKey(name)]?.[0] ?? 'value';
}

/** NUL, and the pool's other values for the name: well-formed ids of nothing (`AAAA`, URNs of names with a NUL). */
const spoilersFor = (pool: Pool, name: string) => [NUL, ...(pool[poolKey(name)] ?? []).slice(1)];

/** Every string in a JSON value, by its path of keys. */
function stringPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...at, index]));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, child]) => stringPaths(child, [...at, key]));
  return [];
}

function replaced(value: unknown, at: (string | number)[], by: string): unknown {
  if (!at.length) return by;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[at[0]!] = replaced(copy[at[0]!], at.slice(1), by);
  return copy;
}

const form = (value: unknown) =>
  new URLSearchParams(
    Object.entries(value as object).map(([key, field]): [string, string] => [
      key,
      typeof field === 'string' ? field : JSON.stringify(field),
    ]),
  ).toString();

/**
 * One request per place an operation reads text from (each path parameter, each query parameter,
 * each string of its body), otherwise valid, with a NUL in that one place (and, for ids, each other
 * value the pool has for it): the cases, for every operation, whatever the dice give.
 */
export function targetedRequests(operation: Operation, world: FuzzWorld): FuzzRequest[] {
  const { pool } = world;
  const oauth = operation.path.startsWith('/authentication/');
  const headers = oauth ? {} : { ...world.credentials.api[0] };
  const pathParams = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  const queryParams = operation.parameters.filter((parameter) => parameter.in === 'query');
  const build = (path: Record<string, string>, query: Record<string, string>, body?: unknown): FuzzRequest => {
    const target = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(path[name]!));
    const search = new URLSearchParams(query).toString();
    const [type] = Object.keys(operation.body);
    const withBody = body !== undefined && type && operation.method !== 'GET' && operation.method !== 'HEAD';
    return {
      method: operation.method,
      target: search ? `${target}?${search}` : target,
      headers: withBody ? { ...headers, 'Content-Type': type } : headers,
      ...(withBody ? { body: type.includes('form-urlencoded') ? form(body) : JSON.stringify(body) } : {}),
    };
  };
  const path = Object.fromEntries(pathParams.map((name) => [name, String(baselineValue({}, pool, name))]));
  const query = Object.fromEntries(
    queryParams.map((parameter) => [parameter.name, String(baselineValue(parameter.schema, pool, parameter.name))]),
  );
  const schema = Object.values(operation.body)[0];
  const body = schema ? baselineValue(schema, pool) : undefined;
  const lastName = (at: (string | number)[]) => String([...at].reverse().find((key) => typeof key === 'string') ?? '');
  return [
    ...pathParams.flatMap((name) => spoilersFor(pool, name).map((bad) => build({ ...path, [name]: bad }, query, body))),
    ...queryParams.map((parameter) => build(path, { ...query, [parameter.name]: NUL }, body)),
    ...stringPaths(body).flatMap((at) =>
      spoilersFor(pool, lastName(at)).map((bad) => build(path, query, replaced(body, at, bad))),
    ),
  ];
}

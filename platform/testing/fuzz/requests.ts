import fc from 'fast-check';
import type { FuzzWorld, Pool } from './fuzz-world';
import type { Operation, Parameter, Schema } from './openapi-operations';
import { HOSTILE_TEXT, ODD_HEADERS, textFor, valueFor } from './values';

/** One generated request, as a client would put it on the wire. */
export interface FuzzRequest {
  method: string;
  /** Path and query, encoded: `/oss/v2/buckets/a%00b?limit=5`. */
  target: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

/** A client encodes each value (`component`) or, carelessly, sends it as it is (`raw`: `%00` stays `%00`). */
function encoded(value: string, how: 'component' | 'raw'): string {
  if (how === 'raw') return value.replace(/[?#&/]/g, (char) => encodeURIComponent(char));
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate has no UTF-8; a careless client sends the bytes of one anyway.
    return value.replace(/[\ud800-\udfff]/g, '%ED%A0%80').replace(/[^%\w.~-]/g, (char) => encodeURIComponent(char));
  }
}
/** `arbitrary` about once in `oneIn` draws, else null. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, oneIn: number) =>
  fc.oneof({ arbitrary: fc.constant(null), weight: oneIn - 1 }, { arbitrary, weight: 1 });
const encoding = fc.constantFrom<'component' | 'raw'>('component', 'component', 'component', 'raw');

const asText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Array.isArray(value)
      ? value.map(asText).join(',')
      : (JSON.stringify(value) ?? '');

/** A value for one declared parameter: shaped by its schema, or from the pool by its name. */
const parameterValue = (parameter: Parameter, pool: Pool): fc.Arbitrary<string> =>
  parameter.schema.enum ||
  parameter.schema.type === 'integer' ||
  parameter.schema.type === 'boolean' ||
  parameter.schema.type === 'array'
    ? fc.oneof(
        { arbitrary: valueFor(parameter.schema, pool, parameter.name).map(asText), weight: 3 },
        { arbitrary: textFor(pool, parameter.name), weight: 1 },
      )
    : textFor(pool, parameter.name);

function pathOf(operation: Operation, pool: Pool): fc.Arbitrary<string> {
  const parts = operation.path.split(/(\{[^}]+\})/);
  return fc
    .tuple(
      ...parts.map((part) => {
        const name = /^\{([^}]+)\}$/.exec(part)?.[1];
        return name
          ? fc.tuple(textFor(pool, name), encoding).map(([value, how]) => encoded(value, how))
          : fc.constant(part);
      }),
    )
    .map((pieces) => pieces.join(''));
}

function queryOf(operation: Operation, pool: Pool, knownQueries: string[]): fc.Arbitrary<string> {
  const declared = operation.parameters.filter((parameter) => parameter.in === 'query');
  const pairs = fc
    .tuple(
      ...declared.map((parameter) =>
        fc.option(fc.tuple(fc.constant(parameter.name), parameterValue(parameter, pool), encoding), {
          freq: parameter.required ? 10 : 2,
        }),
      ),
      sometimes(
        fc.tuple(
          fc.constantFrom(...HOSTILE_TEXT, 'limit', 'startAt', 'token', 'page[number]'),
          textFor(pool, 'extra'),
          encoding,
        ),
        4,
      ),
    )
    .map((entries) =>
      entries
        .filter((entry) => entry !== null)
        .map(([name, value, how]) => `${encoded(name, how)}=${encoded(value, how)}`),
    );
  const built = pairs.map((list) => list.join('&'));
  if (!knownQueries.length) return built;
  // A real signed URL's query, as it was, without a field, or with one field spoiled.
  const spoiled = fc
    .tuple(fc.constantFrom(...knownQueries), fc.nat(), textFor(pool, 'x'), fc.boolean(), encoding)
    .map(([query, at, value, drop, how]) => {
      const fields = query.split('&');
      const index = at % fields.length;
      const name = fields[index]!.split('=')[0]!;
      if (drop) fields.splice(index, 1);
      else fields[index] = `${name}=${encoded(value, how)}`;
      return fields.join('&');
    });
  return fc.oneof(fc.constantFrom(...knownQueries), spoiled, built);
}

const isValidHeader = (name: string, value: string) => {
  try {
    new Headers({ [name]: value });
    return true;
  } catch {
    return false;
  }
};

function headersOf(operation: Operation, world: FuzzWorld): fc.Arbitrary<Record<string, string>> {
  const declared = operation.parameters.filter(
    (parameter) => parameter.in === 'header' && parameter.name.toLowerCase() !== 'authorization',
  );
  const odd = Object.entries(ODD_HEADERS).map(([name, values]) =>
    sometimes(fc.tuple(fc.constant(name), fc.constantFrom(...values)), 8),
  );
  const cookie = sometimes(
    fc.constantFrom(
      ...world.cookies,
      'ddm_authreq=%00',
      'ddm_session=%FF; ddm_authreq=x',
      `ddm_session=${'z'.repeat(500)}`,
    ),
    4,
  );
  return fc
    .tuple(
      fc.constantFrom(
        ...(operation.path.startsWith('/authentication/') ? world.credentials.oauth : world.credentials.api),
      ),
      fc.tuple(
        ...declared.map((parameter) =>
          fc.option(fc.tuple(fc.constant(parameter.name), parameterValue(parameter, world.pool)), { freq: 2 }),
        ),
      ),
      fc.tuple(...odd),
      cookie,
    )
    .map(([credentials, own, extra, jar]) => {
      const headers: Record<string, string> = { ...credentials };
      for (const entry of [...own, ...extra])
        if (entry && isValidHeader(entry[0], entry[1])) headers[entry[0]] = entry[1];
      if (jar) headers['Cookie'] = jar;
      return headers;
    });
}

const FORM_FIELDS: Schema = {
  type: 'object',
  properties: Object.fromEntries(
    [
      'request_id',
      'csrf',
      'username',
      'password',
      'decision',
      'grant_type',
      'client_id',
      'token',
      'code',
      'uploadKey',
    ].map((name) => [name, { type: 'string' }]),
  ),
};

const serialise = (value: unknown, type: string): string => {
  if (!type.includes('form-urlencoded')) return JSON.stringify(value) ?? '';
  if (typeof value !== 'object' || value === null)
    return `value=${encodeURIComponent(asText(value).replace(/[\ud800-\udfff]/g, '?'))}`;
  return Object.entries(value)
    .map(
      ([name, field]) =>
        `${encodeURIComponent(name.replace(/[\ud800-\udfff]/g, '?'))}=${encoded(asText(field), 'component')}`,
    )
    .join('&');
};

/** Broken, empty and mislabelled bodies: what a client gets wrong before any field is read. */
const BROKEN_BODIES: [string, string | undefined][] = [
  ['{"data":', 'application/json'],
  ['', 'application/json'],
  ['null', 'application/json'],
  ['[]', 'application/vnd.api+json'],
  ['"\\u0000"', 'application/json'],
  [`${'['.repeat(5000)}${']'.repeat(5000)}`, 'application/json'],
  ['{"a":1}', 'text/plain'],
  ['a=1&a=2&%00=%00', 'application/x-www-form-urlencoded'],
  ['--x\r\nbroken', 'multipart/form-data; boundary=x'],
  ['{"a":1}', undefined],
  ['\u0000\u0001', 'application/octet-stream'],
  ['{"data":{"type":"objects"}}', 'application/x-www-form-urlencoded'],
];

function bodyOf(
  operation: Operation,
  pool: Pool,
): fc.Arbitrary<{ body?: string | Uint8Array<ArrayBuffer>; type?: string }> {
  if (operation.method === 'GET' || operation.method === 'HEAD') return fc.constant({});
  const declared = Object.entries(operation.body);
  const shaped = declared.length
    ? fc.oneof(
        ...declared.map(([type, schema]) =>
          valueFor(schema, pool).map((value) => ({ body: serialise(value, type), type })),
        ),
      )
    : fc.oneof(
        fc
          .uint8Array({ maxLength: 64 })
          .map((bytes) => ({ body: new Uint8Array(bytes), type: 'application/octet-stream' })),
        valueFor(FORM_FIELDS, pool).map((value) => ({
          body: serialise(value, 'application/x-www-form-urlencoded'),
          type: 'application/x-www-form-urlencoded',
        })),
        valueFor(FORM_FIELDS, pool).map((value) => ({
          body: serialise(value, 'application/json'),
          type: 'application/json',
        })),
      );
  const broken = fc.constantFrom(...BROKEN_BODIES).map(([body, type]) => (type ? { body, type } : { body }));
  return fc.oneof(
    { arbitrary: shaped, weight: 5 },
    { arbitrary: broken, weight: 1 },
    { arbitrary: fc.constant({}), weight: 1 },
  );
}

/** Requests for one operation: its declared path, query, header and body parameters, valid and hostile values mixed. */
export function requestsFor(
  operation: Operation,
  world: FuzzWorld,
  knownQueries: string[] = [],
): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(
      pathOf(operation, world.pool),
      queryOf(operation, world.pool, knownQueries),
      headersOf(operation, world),
      bodyOf(operation, world.pool),
    )
    .map(([path, query, headers, { body, type }]) => ({
      method: operation.method,
      target: query ? `${path}?${query}` : path,
      headers: type ? { ...headers, 'Content-Type': type } : headers,
      ...(body !== undefined ? { body } : {}),
    }));
}

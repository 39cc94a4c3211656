import fc from 'fast-check';
import type { Schema } from './openapi-operations';
import type { Pool } from './fuzz-world';

/** What storage cannot hold or no id contains: NUL and other controls, broken UTF-16, escapes of both. */
export const CONTROL_TEXT = [
  '\u0000',
  'a\u0000b',
  '%00',
  'a%00',
  '\u0001',
  '\t',
  '\r\n',
  '\u001f',
  '\u007f',
  '\ud800',
  'x\udc00',
  '%FF',
  '%ED%A0%80',
  '%C0%80',
  '%E0%A4',
];

/** Text that has broken servers otherwise: Unicode, traversal, escapes, sizes, look-alike numbers and ids. */
export const HOSTILE_TEXT = [
  ...CONTROL_TEXT,
  '\u0085',
  '\uffff',
  '\ufeff',
  '\u202e',
  '😀',
  '設計 ファイル',
  'Ä\u0308',
  '../../etc/passwd',
  '..',
  '.',
  '/',
  '//',
  '%2e%2e%2f',
  '..%2f',
  '..\\..\\',
  '%252e',
  '%',
  '%zz',
  '',
  ' ',
  '+',
  '%2B',
  '?',
  '#',
  '&',
  '=',
  ';',
  ':',
  '\\',
  '"',
  "'",
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${x}',
  'x'.repeat(300),
  'y'.repeat(5000),
  '-1',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  'urn:adsk.objects:os.object:a/b',
  'urn:adsk.wipprod:fs.file:vf.x?version=1',
  'AAAA',
  'AA',
  'dXJuOg',
  'a.',
  'b.x',
];

const HOSTILE_JSON: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.0001,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  [],
  {},
  [null],
  { '\u0000': 1 },
  JSON.parse('{"__proto__": {"polluted": true}}') as unknown,
  ['\u0000'],
  '\u0000',
];

/** Normalises a parameter or property name for the pool: `project_id`, `projectId` and `filter[id]` → `projectid`, `filterid`. */
export const poolKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

const hostile = fc.constantFrom(...HOSTILE_TEXT);
const control = fc.constantFrom(...CONTROL_TEXT);

/** `value` with `bad` put in at some place: a valid id spoiled by one character is what reaches storage. */
const spoil = (values: string[], bad: fc.Arbitrary<string>) =>
  fc.tuple(fc.constantFrom(...values), bad, fc.nat()).map(([value, inserted, at]) => {
    const cut = at % (value.length + 1);
    return `${value.slice(0, cut)}${inserted}${value.slice(cut)}`;
  });

/** A string for a field named `name`: a valid one from the pool when there is one, else hostile, random or a valid one spoiled. */
export function textFor(pool: Pool, name: string): fc.Arbitrary<string> {
  const valid = pool[poolKey(name)] ?? [];
  return fc.oneof(
    { arbitrary: valid.length ? fc.constantFrom(...valid) : fc.stringMatching(/^[a-z0-9.-]{1,12}$/), weight: 6 },
    { arbitrary: control, weight: 2 },
    { arbitrary: hostile, weight: 2 },
    { arbitrary: valid.length ? spoil(valid, fc.oneof(control, hostile)) : control, weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 24 }), weight: 1 },
    { arbitrary: fc.oneof(fc.integer(), fc.double()).map(String), weight: 1 },
  );
}

const scalarOf = (schema: Schema, pool: Pool, name: string): fc.Arbitrary<unknown> => {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (schema.enum?.length)
    return fc.oneof(
      { arbitrary: fc.constantFrom(...schema.enum), weight: 3 },
      { arbitrary: textFor(pool, name), weight: 1 },
    );
  if (type === 'integer' || type === 'number') {
    return fc.oneof(
      fc.integer({ min: -3, max: 120 }),
      fc.constantFrom(0, 1, 5, 100, 101, 10_001, 2 ** 31, 2 ** 53, -(2 ** 53), 1e300, 0.5),
    );
  }
  if (type === 'boolean') return fc.boolean();
  return textFor(pool, name);
};

/** `allOf` as one schema: properties and required fields of every part together. */
const mergeAll = (parts: Schema[]): Schema =>
  parts.reduce<Schema>(
    (all, part) => ({
      ...all,
      ...part,
      properties: { ...all.properties, ...part.properties },
      required: [...(all.required ?? []), ...(part.required ?? [])],
    }),
    {},
  );

/** A value shaped by `schema` (objects, arrays, enums, scalars) whose leaves now and then are hostile or of the wrong type. */
export function valueFor(schema: Schema, pool: Pool, name = '', depth = 0): fc.Arbitrary<unknown> {
  const wrong = fc.oneof(fc.constantFrom(...HOSTILE_JSON), hostile);
  const variants = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
  if (variants.length && depth < 6)
    return fc.oneof(...variants.map((variant) => valueFor(variant, pool, name, depth + 1)));
  const merged: Schema = schema.allOf?.length ? mergeAll([...schema.allOf, { ...schema, allOf: [] }]) : schema;
  const type = Array.isArray(merged.type) ? merged.type[0] : merged.type;
  let shaped: fc.Arbitrary<unknown>;
  if (depth >= 6) shaped = scalarOf({}, pool, name);
  else if (merged.properties || type === 'object') {
    const entries = Object.entries(merged.properties ?? {});
    const record = Object.fromEntries(entries.map(([key, child]) => [key, valueFor(child, pool, key, depth + 1)]));
    const required = (merged.required ?? []).filter((key) => key in record);
    shaped = fc.record(record, { requiredKeys: required });
  } else if (type === 'array' || merged.items) {
    shaped = fc.array(valueFor(merged.items ?? {}, pool, name, depth + 1), { maxLength: 3 });
  } else shaped = scalarOf(merged, pool, name);
  return fc.oneof({ arbitrary: shaped, weight: 9 }, { arbitrary: wrong, weight: 1 });
}

/** Odd but legal header values of the kinds that reach parsers: ranges, preconditions, dates, flags, regions. */
export const ODD_HEADERS: Record<string, string[]> = {
  Range: [
    'bytes=0-10',
    'bytes=-5',
    'bytes=5-',
    'bytes=99999999999-',
    'bytes=5-1',
    'bytes=0-1,3-4',
    'bytes=a-b',
    'items=0-1',
    'bytes=',
    'bytes=-0',
  ],
  'If-Match': ['*', '"x"', 'W/"x"', 'garbage', '""'],
  'If-None-Match': ['*', '"x"', 'W/"x"', 'garbage'],
  'If-Modified-Since': ['Wed, 21 Oct 2015 07:28:00 GMT', 'not a date', '0', 'Sat, 01 Jan 10000 00:00:00 GMT'],
  'x-ads-force': ['true', 'false', 'TRUE', 'yes', ''],
  'x-ads-region': ['US', 'EMEA', 'emea', 'mars', ''],
  region: ['US', 'EMEA', 'AUS', 'mars'],
  'Content-Range': ['bytes 0-9/10', 'bytes */*', 'garbage'],
  'x-ads-content-sha1': ['0000000000000000000000000000000000000000', 'zz'],
  'x-ads-meta-Content-Type': ['text/plain', 'x\u0001y', ''],
  'x-ads-meta-Content-Disposition': ['attachment; filename="a.txt"', 'é'],
  'x-user-id': ['ABC123', 'x'],
  'Accept-Encoding': ['gzip', 'br', 'identity;q=0', '*'],
  Origin: ['http://app.test', 'null', 'http://evil.test'],
};

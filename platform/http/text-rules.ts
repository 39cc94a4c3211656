/**
 * What text from a request may hold before it meets storage. PostgreSQL's `text` cannot hold NUL,
 * and UTF-8 cannot hold a lone UTF-16 surrogate (drivers would silently store U+FFFD instead). In
 * ids and query values no client means any control character either, so those refuse the lot.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why a decoded path segment or query value is refused, or undefined. */
export function controlTextProblem(value: string): string | undefined {
  if (CONTROL.test(value)) return 'holds a control character';
  if (LONE_SURROGATE.test(value)) return 'is not valid UTF-8';
  return undefined;
}

/** Why a string of a body (JSON or form) cannot be stored, or undefined: bodies may hold tabs and newlines. */
export function storableTextProblem(value: string): string | undefined {
  if (value.includes('\u0000')) return 'holds a NUL character';
  if (LONE_SURROGATE.test(value)) return 'holds a lone UTF-16 surrogate, which is not valid UTF-8';
  return undefined;
}

const MAX_DEPTH = 64;

/**
 * The first string (key or value) in a parsed JSON value that cannot be stored, named by its path
 * (`data.attributes.name`), or undefined. Nesting past 64 levels is refused too: no request needs it.
 */
export function jsonTextProblem(value: unknown, at = '', depth = 0): string | undefined {
  if (depth > MAX_DEPTH) return `The body nests deeper than ${MAX_DEPTH} levels.`;
  const label = at ? at.slice(0, 200) : 'the body';
  if (typeof value === 'string') {
    const problem = storableTextProblem(value);
    return problem ? `${label} ${problem}.` : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [`[${index}]`, item])
    : Object.entries(value);
  for (const [key, child] of entries) {
    const childAt = Array.isArray(value) ? `${at}${key}` : at ? `${at}.${key}` : key;
    const keyProblem = Array.isArray(value) ? undefined : storableTextProblem(key);
    if (keyProblem) return `A field name in ${label} ${keyProblem}.`;
    const problem = jsonTextProblem(child, childAt, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

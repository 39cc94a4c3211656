const show = (value: string) => JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
const IPV4_SHAPE = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * Why a bucket key breaks the naming rules of spec part 2, or undefined when it is fine. The real
 * service also allows `_` and `.`; the spec does not, and the spec decides here. Each reason names
 * the one rule broken, the most specific first.
 */
export function bucketKeyProblem(key: string): string | undefined {
  const length = [...key].length;
  if (length < 3 || length > 128) return `Bucket key ${show(key)} has ${length} characters; it must have 3 to 128.`;
  if (IPV4_SHAPE.test(key)) return `Bucket key ${show(key)} looks like an IP address, which is not allowed.`;
  if (/[A-Z]/.test(key))
    return `Bucket key ${show(key)} contains uppercase letters; only lowercase letters, digits and hyphens are allowed.`;
  if (/\s/.test(key))
    return `Bucket key ${show(key)} contains spaces; only lowercase letters, digits and hyphens are allowed.`;
  if (key.includes('_'))
    return `Bucket key ${show(key)} contains underscores; only lowercase letters, digits and hyphens are allowed.`;
  const other = /[^a-z0-9-]/u.exec(key);
  if (other)
    return `Bucket key ${show(key)} contains the special character ${show(other[0])}; only lowercase letters, digits and hyphens are allowed.`;
  if (!/^[a-z0-9]/.test(key) || !/[a-z0-9]$/.test(key))
    return `Bucket key ${show(key)} must begin and end with a lowercase letter or a digit.`;
  return undefined;
}

export const MAX_OBJECT_KEY_BYTES = 1024;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this rejects
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Why an object key is refused, or undefined. Keys never reach the file system (bytes are stored
 * under generated ids), so this only keeps out what no client could mean: control characters,
 * broken UTF-16, dot segments and very long names.
 */
export function objectKeyProblem(key: string): string | undefined {
  if (key.length === 0) return 'The object key must not be empty.';
  if (Buffer.byteLength(key, 'utf8') > MAX_OBJECT_KEY_BYTES)
    return `The object key is longer than ${MAX_OBJECT_KEY_BYTES} bytes.`;
  if (LONE_SURROGATE.test(key)) return 'The object key is not valid UTF-8.';
  if (CONTROL.test(key)) return 'The object key must not contain control characters.';
  if (key.split(/[/\\]/).some((segment) => segment.trim() === '.' || segment.trim() === '..')) {
    return 'The object key must not contain "." or ".." path segments.';
  }
  return undefined;
}

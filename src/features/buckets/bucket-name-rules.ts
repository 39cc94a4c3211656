/**
 * The bucket-key naming rules of spec part 2, as the platform checks them (platform/services/oss),
 * restated here because the app never imports the platform. Checked in the platform's order, so the
 * rule shown while typing is the one the platform would name.
 */

export const BUCKET_NAME_RULES =
  '3 to 128 characters: lowercase letters, digits and hyphens, beginning and ending with a letter or digit.';

const IPV4_SHAPE = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Why `name` is not a valid bucket key, naming the one rule it breaks; undefined when it is fine. */
export function bucketNameProblem(name: string): string | undefined {
  const length = [...name].length;
  if (length < 3) return `Use at least 3 characters (this has ${length}).`;
  if (length > 128) return `Use at most 128 characters (this has ${length}).`;
  if (IPV4_SHAPE.test(name)) return 'A bucket name must not look like an IP address.';
  if (/[A-Z]/.test(name)) return 'Uppercase letters are not allowed; use lowercase letters, digits and hyphens.';
  if (/\s/.test(name)) return 'Spaces are not allowed; use lowercase letters, digits and hyphens.';
  if (name.includes('_')) return 'Underscores are not allowed; use hyphens instead.';
  const other = /[^a-z0-9-]/u.exec(name);
  if (other) return `The character "${other[0]}" is not allowed; use lowercase letters, digits and hyphens.`;
  if (!/^[a-z0-9]/.test(name)) return 'The name must begin with a lowercase letter or a digit.';
  if (!/[a-z0-9]$/.test(name)) return 'The name must end with a lowercase letter or a digit.';
  return undefined;
}

import { designAutomationError } from '../../http/errors';

/** Names of appbundles, activities and aliases, and nicknames: letters, digits and underscores. */
const NAME = /^[A-Za-z0-9_]{1,128}$/;
/** `Owner.Name+Alias`; the alias may be `$LATEST`. */
const QUALIFIED = /^([A-Za-z0-9_]{1,128})\.([A-Za-z0-9_]{1,128})\+(\$LATEST|[A-Za-z0-9_]{1,128})$/;

export interface QualifiedId {
  owner: string;
  name: string;
  alias: string;
}

export const qualifiedId = (id: QualifiedId): string => `${id.owner}.${id.name}+${id.alias}`;

export function parseQualifiedId(value: string): QualifiedId | undefined {
  const match = QUALIFIED.exec(value);
  return match ? { owner: match[1]!, name: match[2]!, alias: match[3]! } : undefined;
}

export const isName = (value: unknown): value is string => typeof value === 'string' && NAME.test(value);

/** A name from the path: 400 in the field-map form unless it is one. */
export function pathName(value: string, field = 'id'): string {
  if (!isName(value))
    throw designAutomationError(400, {
      [field]: [`'${shown(value)}' is not a valid name: use 1 to 128 letters, digits and underscores.`],
    });
  return value;
}

/** A qualified id from the path (GET of an appbundle, activity or engine). */
export function pathQualifiedId(value: string): QualifiedId {
  const id = parseQualifiedId(value);
  if (!id)
    throw designAutomationError(400, { id: [`'${shown(value)}' is not a fully qualified id: use Owner.Name+Alias.`] });
  return id;
}

/** A value quoted in a message: control characters made visible, and cut short. */
export const shown = (value: string): string => JSON.stringify(value.slice(0, 200)).slice(1, -1);

import type { Context } from 'hono';
import { ossError } from '../../http/errors';
import { OVERRIDES } from './downloads';

const HEADER_TEXT = /^[\x20-\x7e]{0,1024}$/;

/**
 * The `response-*` query parameters a download serves back as headers, when the caller (not a
 * signature) chose them: printable ASCII, at most 1024 characters, so no header can be forged.
 */
export function checkOverrideParams(c: Context): void {
  for (const name of OVERRIDES) {
    const value = c.req.query(name);
    if (value !== undefined && !HEADER_TEXT.test(value))
      throw ossError(400, `${name} must be printable ASCII of at most 1024 characters.`);
  }
}

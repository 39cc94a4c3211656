import { createHash, randomBytes } from 'node:crypto';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER_ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Unbiased random characters from an alphabet (rejection sampling, never modulo bias). */
export function randomChars(length: number, alphabet = ALNUM): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

/** An opaque secret value (codes, tokens, session ids): 256 bits, URL-safe. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** Secrets are stored only as their SHA-256, so a copy of the database grants nothing. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

/** APS-shaped ids: 32-character client ids, 12-character user ids, `a.`-prefixed hub and project ids. */
export const newClientId = (): string => randomChars(32);
export const newClientSecret = (): string => randomChars(48);
export const newUserId = (): string => randomChars(12, UPPER_ALNUM);
export const newHubId = (): string => `a.${Buffer.from(`business:ddm${randomChars(16)}`).toString('base64url')}`;
export const newProjectId = (): string => `a.${Buffer.from(`project:ddm${randomChars(16)}`).toString('base64url')}`;

const URL_SAFE = `${ALNUM}-_`;
/** Data Management ids, shaped as the service's: folder, item (lineage); versions derive from items. */
export const newFolderId = (): string => `urn:adsk.wipprod:fs.folder:co.${randomChars(22, URL_SAFE)}`;
export const newItemId = (): string => `urn:adsk.wipprod:dm.lineage:${randomChars(22, URL_SAFE)}`;

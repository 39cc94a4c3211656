import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ossError } from '../../http/errors';
import type { OssContext } from './context';

const SECRET_NAME = 'oss.signed-resource-secret';
const keys = new WeakMap<OssContext, Promise<Buffer>>();

// Loaded once per app; a failed load (database down) is forgotten so the next request retries it.
function keyOf(oss: OssContext): Promise<Buffer> {
  let key = keys.get(oss);
  if (!key) {
    key = oss.stores.oss
      .secret(SECRET_NAME, () => randomBytes(32).toString('base64url'))
      .then((secret) => Buffer.from(secret, 'base64url'));
    key.catch(() => keys.delete(oss));
    keys.set(oss, key);
  }
  return key;
}

/** `{id}.{expires}.{signature}`: the resource's id, its expiry (Unix seconds) and their HMAC. */
const HASH = /^([0-9a-z]{24})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

const mac = (key: Buffer, id: string, expires: string) =>
  createHmac('sha256', key).update(`signed-resource\u0000${id}\u0000${expires}`).digest();

/**
 * The `{hash}` of a signed resource URL. Clients pass it back alone (the legacy SDK's
 * `getSignedResource(id)` keeps no query), so it carries its own signature and expiry.
 */
export async function resourceHash(oss: OssContext, id: string, expires: number): Promise<string> {
  return `${id}.${expires}.${mac(await keyOf(oss), id, String(expires)).toString('base64url')}`;
}

/**
 * The resource id a hash names: 403 when it was not made here or was changed, and (unless
 * `evenExpired`, for deleting) when its expiry has passed. Checked before any database read.
 */
export async function resourceIdOf(
  oss: OssContext,
  hash: string,
  options: { evenExpired?: boolean } = {},
): Promise<string> {
  const match = HASH.exec(hash);
  const given = match ? Buffer.from(match[3]!, 'base64url') : Buffer.alloc(0);
  const expected = match ? mac(await keyOf(oss), match[1]!, match[2]!) : Buffer.alloc(32);
  if (!match || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw ossError(403, 'The signed URL does not match its signature: it is incomplete or was changed.');
  }
  if (!options.evenExpired && Number(match[2]) * 1000 <= oss.clock.now().getTime())
    throw ossError(403, 'The signed URL has expired; ask for a new one.');
  return match[1]!;
}

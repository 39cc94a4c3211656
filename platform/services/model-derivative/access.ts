import type { Context } from 'hono';
import { decodeUrn } from '../../../contracts/model-derivative';
import { parseObjectUrn } from '../../../contracts/oss';
import type { Clock } from '../../config';
import type { TokenCheck, TokenErrors } from '../../http/auth';
import { modelDerivativeError } from '../../http/errors';
import { controlTextProblem } from '../../http/text-rules';
import { serviceGuard, type Guard, type GuardEnv } from '../../http/guard';
import { mayReadBucket } from '../../shared/object-access';
import type { MdContext } from './context';

export type MdEnv = GuardEnv;
export type { Guard };

const MD_TOKEN_ERRORS: TokenErrors = {
  unauthorized: (_code, message) => {
    const error = modelDerivativeError(401, message);
    error.headers['WWW-Authenticate'] = 'Bearer';
    return error;
  },
  forbidden: (message, needed) =>
    modelDerivativeError(403, `${message} It needs one of the scopes: ${needed.join(', ')}.`),
};

/** Token check only: Model Derivative limits concurrent jobs (spec part 8), not requests a minute. */
export const mdGuard = (tokens: TokenCheck, clock: Clock): Guard =>
  serviceGuard(tokens, clock, {
    perMinute: 0,
    errors: MD_TOKEN_ERRORS,
    tooMany: (retryAfter) => modelDerivativeError(429, `Too many requests. Retry after ${retryAfter} seconds.`),
  });

/** Writes need `data:read` as well as the guard's write scope (the OpenAPI lists both). */
export function requireRead(c: Context<MdEnv>): void {
  if (!c.get('token').scopes.includes('data:read')) {
    throw modelDerivativeError(
      403,
      'Token does not have the privilege for this request. It needs the scope data:read.',
    );
  }
}

/** The source design an encoded URN names: an OSS object, or the storage of a Data Management version. */
export interface SourceDesign {
  /** The encoded URN, as in the paths: the manifest's key. */
  urn: string;
  sourceUrn: string;
  bucketKey: string;
  objectKey: string;
}

const notFound = (urn: string) =>
  modelDerivativeError(404, `The URN ${urn.slice(0, 200)} is not a correctly encoded URN of a design you may read.`);

/**
 * The source behind `encoded`, if the caller may read it: else 404 whatever the reason (bad encoding,
 * no such object, another app's bucket), so a stranger learns nothing (spec part 7).
 */
export async function sourceFor(md: MdContext, c: Context<MdEnv>, encoded: string): Promise<SourceDesign> {
  const sourceUrn = decodeUrn(encoded);
  // A URN with a control character in it (a NUL in the object name) names nothing that can be stored.
  if (!sourceUrn || controlTextProblem(sourceUrn)) throw notFound(encoded);
  const storageUrn = /^urn:adsk\.wipprod:fs\.file:/.test(sourceUrn)
    ? await md.stores.mdManifests.versionStorage(sourceUrn)
    : sourceUrn;
  const location = storageUrn ? parseObjectUrn(storageUrn) : undefined;
  if (!location) throw notFound(encoded);
  const bucket = await md.stores.oss.findBucket(location.bucketKey);
  if (!bucket || !(await mayReadBucket(md.stores, bucket, c.get('principal')))) throw notFound(encoded);
  return { urn: encoded, sourceUrn, ...location };
}

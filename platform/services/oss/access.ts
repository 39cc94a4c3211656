import type { Clock } from '../../config';
import type { TokenCheck, TokenErrors } from '../../http/auth';
import { ossError } from '../../http/errors';
import { serviceGuard, type Guard, type GuardEnv } from '../../http/guard';
import { perWindow, type RateWindows } from '../../http/rate-limit';
import { mayReadBucket } from '../../shared/object-access';
import { PLATFORM_CLIENT_ID } from '../../storage/repos/dm-storage';
import type { Principal } from '../../storage/repos/hubs';
import type { BucketRecord } from '../../storage/repos/oss';
import type { OssContext } from './context';
import { bucketKeyProblem } from './names';

export type OssEnv = GuardEnv;
export type { Guard };

// OSS words a refused token as `{reason}` like its other errors; the SDK retries on this 401 text.
const OSS_TOKEN_ERRORS: TokenErrors = {
  unauthorized: (_code, message) => {
    const error = ossError(401, message);
    error.headers['WWW-Authenticate'] = 'Bearer';
    return error;
  },
  forbidden: (message, needed) => ossError(403, `${message} It needs one of the scopes: ${needed.join(', ')}.`),
};

/**
 * Token check then the OSS rate limit (spec part 8: 500 requests a minute per app). The signed URLs
 * skip both: they stand in for S3's, which OSS does not meter.
 */
export const ossGuard = (
  tokens: TokenCheck,
  clock: Clock,
  perMinute: number,
  windowSeconds = 60,
  windows?: RateWindows,
): Guard =>
  serviceGuard(tokens, clock, {
    perMinute,
    windowSeconds,
    errors: OSS_TOKEN_ERRORS,
    windows: { store: windows, name: 'oss' },
    tooMany: (retryAfter) =>
      ossError(
        429,
        `Rate limit exceeded: at most ${perMinute} requests ${perWindow(windowSeconds)}. Retry after ${retryAfter} seconds.`,
      ),
  });

/** `owner`: bucket operations; `read`/`write`: object operations, also open to apps the bucket's `allow` names. */
export type BucketNeed = 'owner' | 'read' | 'write';

/**
 * The bucket, if this caller may do what it asks: else 400 (bad key), 404, or 403 as OSS answers
 * another app. A project's own bucket (Data Management files) is open, for objects only, to whoever
 * may see the project, as APS opens wip.dm.prod to the project's members.
 */
export async function bucketFor(
  oss: OssContext,
  bucketKey: string,
  principal: Principal,
  need: BucketNeed,
): Promise<BucketRecord> {
  const problem = bucketKeyProblem(bucketKey);
  if (problem) throw ossError(400, problem);
  const bucket = await oss.stores.oss.findBucket(bucketKey);
  if (!bucket) throw ossError(404, 'Bucket not found');
  // Reading is decided in storage, where Model Derivative asks the same question; the rest words OSS's refusals.
  if (need === 'read' && (await mayReadBucket(oss.stores, bucket, principal))) return bucket;
  const { clientId } = principal;
  if (bucket.ownerClientId === PLATFORM_CLIENT_ID) {
    const projectId = need === 'owner' ? undefined : await oss.stores.storage.projectOfBucket(bucketKey);
    if (projectId && (await oss.stores.hubs.visibleProject(principal, projectId))) return bucket;
    throw ossError(403, 'This bucket holds project files: only members of the project may use its objects.');
  }
  if (bucket.ownerClientId === clientId) return bucket;
  const grant = bucket.permissions.find((permission) => permission.authId === clientId);
  if (grant && need !== 'owner' && (need === 'read' || grant.access === 'full')) return bucket;
  throw ossError(403, 'Bucket owner mismatch: this app may not do that in this bucket.');
}

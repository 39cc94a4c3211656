import {
  POLICY_KEYS,
  type BucketPermission,
  type BucketsResponse,
  type OssRegion,
  type PolicyKey,
} from '../../../contracts/oss';
import { ossError } from '../../http/errors';
import type { BucketRecord } from '../../storage/repos/oss';
import { releaseBlobs } from './blob-release';
import type { OssContext } from './context';
import { bucketKeyProblem } from './names';
import { nextPage, serializeBucketSummary } from './serializers';

const CREATE_FIELDS = new Set(['bucketKey', 'policyKey', 'allow']);
const MAX_GRANTS = 100;

function parseAllow(value: unknown): BucketPermission[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_GRANTS)
    throw ossError(400, `allow must be an array of at most ${MAX_GRANTS} {authId, access} entries.`);
  return value.map((entry: unknown) => {
    const { authId, access } = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    if (typeof authId !== 'string' || !authId || authId.length > 128 || (access !== 'full' && access !== 'read')) {
      throw ossError(400, 'Each allow entry needs an authId (a client id) and access "full" or "read".');
    }
    return { authId, access };
  });
}

/** Creates a bucket owned by the calling app; 409 when the key is taken by anyone. */
export async function createBucket(
  oss: OssContext,
  clientId: string,
  body: Record<string, unknown>,
  region: OssRegion,
): Promise<BucketRecord> {
  const unknown = Object.keys(body).filter((name) => !CREATE_FIELDS.has(name));
  if (unknown.length) throw ossError(400, `Unknown field in the body: ${unknown.slice(0, 5).join(', ')}.`);
  const { bucketKey, policyKey } = body;
  if (typeof bucketKey !== 'string') throw ossError(400, 'bucketKey is required and must be a string.');
  const problem = bucketKeyProblem(bucketKey);
  if (problem) throw ossError(400, problem);
  if (typeof policyKey !== 'string' || !(POLICY_KEYS as readonly string[]).includes(policyKey)) {
    throw ossError(400, `policyKey is required and must be one of ${POLICY_KEYS.join(', ')}.`);
  }
  const permissions = parseAllow(body['allow']).filter((grant) => grant.authId !== clientId);
  const created = await oss.stores.oss.createBucket({
    bucketKey,
    ownerClientId: clientId,
    policyKey: policyKey as PolicyKey,
    region,
    permissions,
    createdAt: oss.clock.now(),
  });
  if (!created) throw ossError(409, 'Bucket already exists');
  return created;
}

export async function listBuckets(
  oss: OssContext,
  clientId: string,
  page: { region: OssRegion; limit: number; startAt: string | undefined },
): Promise<BucketsResponse> {
  const rows = await oss.stores.oss.listBuckets(clientId, page.region, page.startAt ?? '', page.limit + 1);
  const items = rows.slice(0, page.limit);
  const response: BucketsResponse = { items: items.map(serializeBucketSummary) };
  if (rows.length > page.limit) {
    response.next = nextPage(
      oss.base(),
      '/oss/v2/buckets',
      { region: page.region, limit: String(page.limit) },
      items.at(-1)!.bucketKey,
    );
  }
  return response;
}

/** Deletes the bucket with its objects and unfinished uploads, then their bytes. */
export async function deleteBucket(oss: OssContext, bucketKey: string): Promise<void> {
  const freed = await oss.stores.oss.deleteBucket(bucketKey);
  if (!freed) throw ossError(404, 'Bucket not found');
  await releaseBlobs(oss, freed);
}

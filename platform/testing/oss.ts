import { createHash, randomBytes } from 'node:crypto';
import type { TokenResponse } from '../../contracts/authentication';
import type { Bucket, PolicyKey } from '../../contracts/oss';
import type { TestPlatform } from './test-platform';

export const ALL_OSS_SCOPES = 'bucket:create bucket:read bucket:delete data:read data:write data:create';

let names = 0;
/** A bucket key no other test uses: lowercase, digits and hyphens, as the spec wants. */
export const uniqueBucketKey = (prefix = 'bucket') => `${prefix}-${++names}-${randomBytes(4).toString('hex')}`;

export const sha1 = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex');

/** Bytes that fetch accepts as a body. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** Generated test data: `size` random bytes. */
export const someBytes = (size: number): Bytes => new Uint8Array(randomBytes(size));

async function twoLeggedToken(
  platform: TestPlatform,
  clientId: string,
  secret: string,
  scope: string,
): Promise<string> {
  const response = await platform.request('/authentication/v2/token', {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
  });
  if (response.status !== 200) throw new Error(`token endpoint answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as TokenResponse).access_token;
}

/** A `server` app and a 2-legged token for it, from the token endpoint as a client would get one. */
export async function serverApp(platform: TestPlatform, scope = ALL_OSS_SCOPES) {
  const { client_id: clientId, client_secret: secret } = await platform.registerApp({
    name: 'OSS test app',
    type: 'server',
  });
  const token = await twoLeggedToken(platform, clientId, secret!, scope);
  return {
    clientId,
    secret: secret!,
    token,
    bearer: { Authorization: `Bearer ${token}` },
    /** A new token, for after the test clock has moved past the first one's hour. */
    freshBearer: async () => ({ Authorization: `Bearer ${await twoLeggedToken(platform, clientId, secret!, scope)}` }),
  };
}

export async function createBucket(
  platform: TestPlatform,
  bearer: Record<string, string>,
  policyKey: PolicyKey = 'persistent',
  bucketKey = uniqueBucketKey(),
) {
  const response = await platform.request('/oss/v2/buckets', {
    method: 'POST',
    headers: { ...bearer, 'Content-Type': 'application/json' },
    body: JSON.stringify({ bucketKey, policyKey }),
  });
  if (response.status !== 200) throw new Error(`create bucket answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Bucket;
}

export const objectPath = (bucketKey: string, objectKey: string, suffix = '') =>
  `/oss/v2/buckets/${bucketKey}/objects/${encodeURIComponent(objectKey)}${suffix}`;

/** `PUT …/objects/{objectKey}` with the bytes as the body. */
export const putObject = (
  platform: TestPlatform,
  bearer: Record<string, string>,
  bucketKey: string,
  objectKey: string,
  bytes: Bytes,
  headers: Record<string, string> = {},
) =>
  platform.request(objectPath(bucketKey, objectKey), {
    method: 'PUT',
    headers: { ...bearer, 'Content-Type': 'application/octet-stream', ...headers },
    body: bytes,
  });

/** A signed URL as the platform hands it out, requested through the test platform (no socket). */
export const signedRequest = (platform: TestPlatform, url: string, init?: RequestInit) =>
  platform.app.request(url, init);

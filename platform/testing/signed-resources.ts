import { expect } from 'vitest';
import type { OssErrorBody, SignedResourceResponse } from '../../contracts/oss';
import { createBucket, objectPath, putObject, serverApp, someBytes, type Bytes } from './oss';
import type { TestPlatform } from './test-platform';

/** An app, its bucket holding `plan.pdf`, and ways to ask for signed resources on it. */
export async function storedForSigning(platform: TestPlatform, bytes: Bytes = someBytes(1000)) {
  const app = await serverApp(platform);
  const { bucketKey } = await createBucket(platform, app.bearer);
  await putObject(platform, app.bearer, bucketKey, 'plan.pdf', bytes, { 'Content-Type': 'application/pdf' });
  const create = (query = '', body?: unknown, bearer: Record<string, string> = app.bearer, objectKey = 'plan.pdf') =>
    platform.request(objectPath(bucketKey, objectKey, `/signed${query}`), {
      method: 'POST',
      headers: { ...bearer, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const sign = async (query = '', body?: unknown, objectKey?: string) => {
    const response = await create(query, body, app.bearer, objectKey);
    expect(response.status).toBe(200);
    return (await response.json()) as SignedResourceResponse;
  };
  return { ...app, bucketKey, bytes, create, sign };
}

export const reasonOf = async (response: Response) => ((await response.json()) as OssErrorBody).reason;
export const hashOf = (url: string) => new URL(url).pathname.split('/').pop()!;

/** The status, once the body is read (an unread body keeps its blob file open). */
export async function drained(response: Response): Promise<number> {
  await response.arrayBuffer();
  return response.status;
}

import { encodeUrn, type JobOutputFormat, type Manifest } from '../../contracts/model-derivative';
import { objectUrn } from '../../contracts/oss';
import { createApp, type PlatformApp } from '../app';
import type { Translator } from '../translation/engine-types';
import { createBucket, putObject, serverApp } from './oss';
import type { TestPlatform } from './test-platform';

export const MD_SCOPES = 'data:read data:write data:create bucket:create bucket:read';

/** An app with a bucket holding one design, and the design's encoded URN. */
export async function designInBucket(
  platform: TestPlatform,
  objectKey = 'house.ifc',
  bytes: Uint8Array<ArrayBuffer> = new TextEncoder().encode('ISO-10303-21;\nEND-ISO-10303-21;\n'),
) {
  const app = await serverApp(platform, MD_SCOPES);
  const bucket = await createBucket(platform, app.bearer);
  const put = await putObject(platform, app.bearer, bucket.bucketKey, objectKey, bytes);
  if (put.status !== 200) throw new Error(`put answered ${put.status}`);
  return { ...app, bucketKey: bucket.bucketKey, urn: encodeUrn(objectUrn(bucket.bucketKey, objectKey)) };
}

export const mdPath = (suffix: string) => `/modelderivative/v2/designdata${suffix}`;

export function postJob(
  platform: TestPlatform,
  bearer: Record<string, string>,
  urn: string,
  formats: JobOutputFormat[] | unknown[],
  headers: Record<string, string> = {},
  input: Record<string, unknown> = {},
) {
  return platform.request(mdPath('/job'), {
    method: 'POST',
    headers: { ...bearer, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ input: { urn, ...input }, output: { formats } }),
  });
}

export async function manifestOf(
  platform: TestPlatform,
  bearer: Record<string, string>,
  urn: string,
): Promise<Manifest> {
  const response = await platform.request(mdPath(`/${urn}/manifest`), { headers: bearer });
  if (response.status !== 200) throw new Error(`manifest answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Manifest;
}

/** Starts a job and waits until the runner has ended it. */
export async function translated(
  platform: TestPlatform,
  bearer: Record<string, string>,
  urn: string,
  formats: JobOutputFormat[],
): Promise<Manifest> {
  const response = await postJob(platform, bearer, urn, formats);
  if (response.status !== 200) throw new Error(`job answered ${response.status}: ${await response.text()}`);
  await platform.app.jobs.idle();
  return manifestOf(platform, bearer, urn);
}

/**
 * Asks `condition` until it holds: a turn of the event loop between tries at first, then 10 ms, so a
 * job that needs the worker's disk writes gets them on a busy machine. The test's own timeout bounds it.
 */
export async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    if (await condition()) return;
    await new Promise((resolve) => (attempt < 100 ? setImmediate(resolve) : setTimeout(resolve, 10)));
  }
}

/**
 * What `main.ts` does when the process starts again: a new app over the same database, blobs and
 * work folder, with a new translator, resuming the jobs the stop left behind. The caller closes its jobs.
 */
export async function restartedApp(platform: TestPlatform, translator: Translator): Promise<PlatformApp> {
  const app = createApp({ ...platform.deps, translator }, { error: () => undefined });
  await app.jobs.resume();
  return app;
}

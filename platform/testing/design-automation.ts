import { zipSync } from 'fflate';
import type { DaUploadParameters, WorkItemStatus } from '../../contracts/design-automation';
import { createApp, type PlatformApp } from '../app';
import type { WorkitemEngine } from '../automation/engine-types';
import { serverApp } from './oss';
import type { TestPlatform } from './test-platform';

export const DA_SCOPES = 'code:all data:read data:write data:create bucket:create bucket:read';

export const daPath = (suffix: string, region = 'us-east') => `/da/${region}/v3${suffix}`;

/** A `server` app with a token for Design Automation (and OSS, for inputs and outputs). */
export const daApp = (platform: TestPlatform, scope = DA_SCOPES) => serverApp(platform, scope);

/** A JSON request to `/da/us-east/v3{suffix}`. */
export function daRequest(
  platform: TestPlatform,
  bearer: Record<string, string>,
  method: string,
  suffix: string,
  body?: unknown,
) {
  const init: RequestInit = {
    method,
    headers: { ...bearer, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
  };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  return platform.request(daPath(suffix), init);
}

export async function daJson<T>(
  platform: TestPlatform,
  bearer: Record<string, string>,
  method: string,
  suffix: string,
  body?: unknown,
): Promise<T> {
  const response = await daRequest(platform, bearer, method, suffix, body);
  if (response.status !== 200)
    throw new Error(`${method} ${suffix} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A small zip, as an appbundle would be. */
export const bundleZip = (
  files: Record<string, string> = { 'Tool.bundle/PackageContents.xml': '<ApplicationPackage/>' },
) => zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, new TextEncoder().encode(text)])));

/** The browser form POST the tutorials send: every field of `formData`, then `file` last. */
export function uploadForm(
  parameters: DaUploadParameters,
  bytes: Uint8Array,
  extra: Record<string, string> = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...parameters.formData, ...extra })) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'bundle.zip');
  return form;
}

export const postUpload = (
  platform: TestPlatform,
  parameters: DaUploadParameters,
  bytes: Uint8Array,
  extra: Record<string, string> = {},
) => platform.app.request(parameters.endpointURL, { method: 'POST', body: uploadForm(parameters, bytes, extra) });

/** Reads a workitem's status through the API. */
export const workitemOf = (platform: TestPlatform, bearer: Record<string, string>, id: string) =>
  daJson<WorkItemStatus>(platform, bearer, 'GET', `/workitems/${id}`);

/** An activity with an alias `prod`, on the fake engine unless told; returns its qualified id. */
export async function defineActivity(
  platform: TestPlatform,
  bearer: Record<string, string>,
  owner: string,
  definition: Record<string, unknown>,
): Promise<string> {
  const name = definition['id'] as string;
  await daJson(platform, bearer, 'POST', '/activities', { engine: 'Local.Fake+1', ...definition });
  await daJson(platform, bearer, 'POST', `/activities/${name}/aliases`, { id: 'prod', version: 1 });
  return `${owner}.${name}+prod`;
}

/** A signed download URL of an OSS object, as `signeds3download` hands it out. */
export async function signedDownloadUrl(
  platform: TestPlatform,
  bearer: Record<string, string>,
  bucketKey: string,
  objectKey: string,
): Promise<string> {
  const response = await platform.request(
    `/oss/v2/buckets/${bucketKey}/objects/${encodeURIComponent(objectKey)}/signeds3download`,
    { headers: bearer },
  );
  if (response.status !== 200) throw new Error(`signeds3download answered ${response.status}`);
  return ((await response.json()) as { url: string }).url;
}

/**
 * What `main.ts` does when the process starts again: a new app over the same database, blobs and
 * work folder, with a new engine, resuming the workitems a stop left live. The caller closes its runner.
 */
export async function restartedWithEngine(platform: TestPlatform, automation: WorkitemEngine): Promise<PlatformApp> {
  const app = createApp({ ...platform.deps, automation }, { error: () => undefined });
  await app.workitems.resume();
  return app;
}

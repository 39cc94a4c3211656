import type { startPlatform as StartPlatform } from '../packages/platform/index';
import type { TokenResponse } from '../contracts/authentication';
import { encodeUrn, type Manifest } from '../contracts/model-derivative';
import type { ObjectDetails } from '../contracts/oss';
import { oneSlabIfc } from './tiny-ifc';

const APP = { client_id: 'bench-package', client_secret: 'bench-package-secret', name: 'Bench', type: 'server' };
const SCOPES = 'bucket:create bucket:read data:read data:write data:create';

/** A caller of the platform at `url` with a fresh client-credentials token of an app. */
export async function seededCaller(url: string, clientId: string, clientSecret: string) {
  const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
  const answer = await fetch(`${url}/authentication/v2/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: SCOPES }).toString(),
  });
  const token = ((await answer.json()) as TokenResponse).access_token;
  return (route: string, init: RequestInit = {}) =>
    fetch(`${url}${route}`, { ...init, headers: { Authorization: `Bearer ${token}`, ...init.headers } });
}

async function translated(call: Awaited<ReturnType<typeof seededCaller>>, urn: string): Promise<number> {
  const started = performance.now();
  const posted = await call('/modelderivative/v2/designdata/job', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-ads-force': 'true' },
    body: JSON.stringify({ input: { urn }, output: { formats: [{ type: 'svf2', views: ['3d'] }] } }),
  });
  if (posted.status !== 200) throw new Error(`platform-package: POST job answered ${posted.status}`);
  for (;;) {
    const manifest = (await (await call(`/modelderivative/v2/designdata/${urn}/manifest`)).json()) as Manifest;
    if (manifest.status === 'success') return performance.now() - started;
    if (manifest.status === 'failed') throw new Error('platform-package: the job failed');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A platform started for tests (workers on demand): its first translation, and then a warm one. */
export async function packageTranslation(startPlatform: typeof StartPlatform) {
  const seed = { apps: [APP], buckets: [{ key: 'bench-package', owner: APP.client_id }] };
  const platform = await startPlatform({ seed });
  try {
    const call = await seededCaller(platform.url, APP.client_id, APP.client_secret);
    const put = await call('/oss/v2/buckets/bench-package/objects/slab.ifc', { method: 'PUT', body: oneSlabIfc() });
    const urn = encodeUrn(((await put.json()) as ObjectDetails).objectId);
    const firstMs = await translated(call, urn);
    const warmMs = await translated(call, urn);
    return { firstMs, warmMs };
  } finally {
    await platform.stop();
  }
}

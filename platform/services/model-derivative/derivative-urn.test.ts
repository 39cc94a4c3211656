import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest, SignedCookiesResponse } from '../../../contracts/model-derivative';
import { listen } from '../../testing/listen';
import { designInBucket, mdPath, translated } from '../../testing/model-derivative';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// A derivative URN holds slashes (`urn:adsk.viewing:fs.file:{urn}/output/…`). Clients send it either
// encoded as one path segment or as `encodeURI` leaves it, slashes and colons bare; both must work.
let platform: TestPlatform;
let server: Awaited<ReturnType<typeof listen>>;
let design: Awaited<ReturnType<typeof designInBucket>>;
let objUrn: string;
beforeAll(async () => {
  platform = await createTestPlatform();
  server = await listen(platform);
  design = await designInBucket(platform);
  const manifest = await translated(platform, design.bearer, design.urn, [{ type: 'obj' }]);
  objUrn = urnsOf(manifest).find((urn) => urn.endsWith('.obj'))!;
});
afterAll(async () => {
  await server.close();
  await platform.close();
});

function urnsOf(manifest: Manifest): string[] {
  const found: string[] = [];
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    if (typeof record['urn'] === 'string' && record['urn'].startsWith('urn:adsk.viewing:')) found.push(record['urn']);
    for (const value of Object.values(record)) if (Array.isArray(value)) value.forEach(visit);
  };
  visit(manifest);
  return found;
}

const get = (path: string, init: RequestInit = {}) =>
  platform.request(mdPath(`/${design.urn}/manifest/${path}`), { headers: design.bearer, ...init });

describe('a derivative URN in the path', () => {
  it('is a real derivative of the manifest, with slashes in it', () => {
    expect(objUrn).toMatch(new RegExp(`^urn:adsk\\.viewing:fs\\.file:${design.urn}/output/.+\\.obj$`));
  });

  it.each([
    ['encoded as one segment', () => encodeURIComponent(objUrn)],
    ['with its slashes bare, as encodeURI leaves it', () => encodeURI(objUrn)],
  ])('%s: GET serves the bytes, HEAD their length, signedcookies a working URL', async (_form, pathOf) => {
    const path = pathOf();
    const direct = await get(path);
    expect(direct.status).toBe(200);
    const text = await direct.text();
    expect(text).toContain('v 0 0 0');
    const head = await get(path, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(Buffer.byteLength(text))]);
    const cookies = await get(`${path}/signedcookies?minutes-expiration=5`);
    expect(cookies.status).toBe(200);
    const signed = (await cookies.json()) as SignedCookiesResponse;
    expect(signed.size).toBe(Buffer.byteLength(text));
    expect(cookies.headers.getSetCookie()).toHaveLength(3);
    expect(await (await platform.app.request(signed.url)).text()).toBe(text);
  });

  it('answers 404 for a derivative that does not exist, in either form', async () => {
    const missing = objUrn.replace(/[^/]+\.obj$/, 'other.obj');
    for (const path of [encodeURI(missing), encodeURIComponent(missing), `${encodeURI(missing)}/signedcookies`]) {
      expect((await get(path)).status).toBe(404);
    }
    const elsewhere = objUrn.replace(design.urn, 'dXJuOmFkc2sub2JqZWN0czpvcy5vYmplY3Q6b3RoZXI6eA');
    expect((await get(encodeURI(elsewhere))).status).toBe(404);
  });

  it('works over HTTP with the path exactly as encodeURI leaves it', async () => {
    const base = `${server.url}/modelderivative/v2/designdata/${design.urn}/manifest/`;
    const url = `${base}${encodeURI(objUrn)}`;
    expect(new URL(url).pathname).toContain(`/manifest/urn:adsk.viewing:fs.file:${design.urn}/output/`);
    const direct = await fetch(url, { headers: design.bearer });
    expect(direct.status).toBe(200);
    expect(await direct.text()).toContain('v 0 0 0');
    const cookies = await fetch(`${url}/signedcookies`, { headers: design.bearer });
    expect(cookies.status).toBe(200);
    const signed = (await cookies.json()) as SignedCookiesResponse;
    const ranged = await fetch(signed.url, { headers: { Range: 'bytes=0-6' } });
    expect([ranged.status, await ranged.text()]).toEqual([206, 'v 0 0 0']);
  });
});

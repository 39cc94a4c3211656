import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../testing/fetch-mock';
import { configureHttp } from '../http';
import { getSignedDownloadForUrn, nextStartAt } from './requests';

function serve() {
  const mock = mockFetch(() => jsonResponse({ status: 'complete', url: 'http://p/signed/abc', params: {}, size: 12 }));
  configureHttp({
    baseUrl: 'http://p',
    fetch: mock.fetch,
    getAccessToken: () => 't',
    refreshAccessToken: () => Promise.resolve(null),
    onSessionExpired: vi.fn(),
  });
  return mock;
}

describe('getSignedDownloadForUrn', () => {
  it.each([
    ['the spec’s shape', 'urn:adsk.objects:os.object:wip.dm.prod:models/house v3.ifc'],
    ['the real service’s shape', 'urn:adsk.objects:os.object:wip.dm.prod/models/house v3.ifc'],
  ])('finds bucket and object in %s and asks OSS for a signed URL', async (_shape, urn) => {
    const { calls } = serve();
    const signed = await getSignedDownloadForUrn(urn, { fileName: 'house.ifc' }, new AbortController().signal);
    expect(signed.url).toBe('http://p/signed/abc');
    expect(calls[0]?.url.pathname).toBe('/oss/v2/buckets/wip.dm.prod/objects/models%2Fhouse%20v3.ifc/signeds3download');
    expect(calls[0]?.url.searchParams.get('response-content-disposition')).toBe(
      `attachment; filename="house.ifc"; filename*=UTF-8''house.ifc`,
    );
  });

  it('keeps a non-ASCII name exact for browsers that read filename*', async () => {
    const { calls } = serve();
    await getSignedDownloadForUrn(
      'urn:adsk.objects:os.object:b:o',
      { fileName: 'Brücke "neu".ifc' },
      new AbortController().signal,
    );
    expect(calls[0]?.url.searchParams.get('response-content-disposition')).toBe(
      `attachment; filename="Br_cke _neu_.ifc"; filename*=UTF-8''Br%C3%BCcke%20%22neu%22.ifc`,
    );
  });

  it('refuses an id that is not an OSS object', async () => {
    const { calls } = serve();
    await expect(
      getSignedDownloadForUrn('urn:adsk.wipprod:fs.file:vf.X', {}, new AbortController().signal),
    ).rejects.toThrow('not an OSS object id');
    expect(calls).toHaveLength(0);
  });
});

describe('nextStartAt', () => {
  it('reads the cursor from the full next URL, and nothing when there is no next page', () => {
    expect(nextStartAt('http://p/oss/v2/buckets?limit=50&startAt=b%2Dkey')).toBe('b-key');
    expect(nextStartAt('/oss/v2/buckets/a/objects?startAt=models%2Fx.ifc')).toBe('models/x.ifc');
    expect(nextStartAt(undefined)).toBeUndefined();
  });
});

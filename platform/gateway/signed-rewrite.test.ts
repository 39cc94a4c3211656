import { describe, expect, it } from 'vitest';
import {
  cookieHeaderFrom,
  cookiesForSignedRoute,
  expiryOfUrl,
  FALLBACK_LIFETIME_MS,
  handsOutSignedUrls,
  rewriteSignedUrls,
  SIGNED_ROUTE,
} from './signed-rewrite';
import { createTokenSigner } from './signed-tokens';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const S3 =
  'https://s3.amazonaws.com/com.autodesk.oss-persistent/abc?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20260501T120000Z&X-Amz-Expires=120&X-Amz-Signature=f00';
const CLOUDFRONT = 'https://cdn.derivative.autodesk.com/dS5h/output/model.obj';

describe('signed URL rewriting', () => {
  it('reads the expiry an S3 SigV4, an Expires or no parameter gives', () => {
    expect(expiryOfUrl(S3)).toBe(NOW + 120_000);
    expect(expiryOfUrl('https://x.example/o?Expires=1777636800&Signature=s')).toBe(1777636800_000);
    expect(expiryOfUrl(CLOUDFRONT)).toBeNull();
  });

  it('knows the responses that hand out signed URLs', () => {
    expect(handsOutSignedUrls('/oss/v2/buckets/b/objects/a%20b.rvt/signeds3upload')).toBe(true);
    expect(handsOutSignedUrls('/oss/v2/buckets/b/objects/batchsigneds3download')).toBe(true);
    expect(handsOutSignedUrls('/oss/v2/buckets/b/objects/a/signed')).toBe(true);
    expect(handsOutSignedUrls('/modelderivative/v2/designdata/dXJu/manifest/dXJuOmRlcg/signedcookies')).toBe(true);
    expect(
      handsOutSignedUrls(
        '/modelderivative/v2/designdata/dXJu/manifest/urn:adsk.viewing:fs.file:dXJu/output/obj/model.obj/signedcookies',
      ),
    ).toBe(true);
    expect(
      handsOutSignedUrls(
        '/modelderivative/v2/designdata/dXJu/manifest/urn:adsk.viewing:fs.file:dXJu/output/obj/model.obj',
      ),
    ).toBe(false);
    expect(handsOutSignedUrls('/oss/v2/buckets/b/objects/a/details')).toBe(false);
  });

  it('wraps upload, download and range URLs in tokens that expire with each URL, or the response, or in an hour', () => {
    const signer = createTokenSigner();
    const context = { signer, publicUrl: 'http://gw.test', now: NOW };
    const body = rewriteSignedUrls(
      {
        uploadKey: 'k',
        urls: [S3],
        urlExpiration: '2026-05-01T12:30:00Z',
        results: { one: { status: 'chunked', urls: { '0-99': CLOUDFRONT } } },
        other: { signedUrl: CLOUDFRONT, expiration: NOW + 5_000 },
        size: 7,
        params: { note: 'https://not-a-url-field.example/' },
      },
      context,
    ) as Record<string, unknown>;
    const target = (url: string) => {
      expect(url.startsWith(`http://gw.test${SIGNED_ROUTE}/`)).toBe(true);
      return signer.verify(url.slice(url.lastIndexOf('/') + 1), NOW)!;
    };
    expect(target((body['urls'] as string[])[0]!)).toEqual({ url: S3, expiresAt: NOW + 120_000 });
    expect(target((body['results'] as { one: { urls: Record<string, string> } }).one.urls['0-99']!)).toEqual({
      url: CLOUDFRONT,
      expiresAt: NOW + FALLBACK_LIFETIME_MS,
    });
    expect(target((body['other'] as { signedUrl: string }).signedUrl)).toEqual({
      url: CLOUDFRONT,
      expiresAt: NOW + 5_000,
    });
    expect(body['params']).toEqual({ note: 'https://not-a-url-field.example/' });
    expect(body['uploadKey']).toBe('k');
  });

  it('carries Model Derivative signed cookies inside the token, for the gateway to send along', () => {
    const cookie = cookieHeaderFrom([
      'CloudFront-Policy=p1; Path=/; Domain=.autodesk.com; HttpOnly',
      'CloudFront-Signature=s2; Path=/',
      'CloudFront-Key-Pair-Id=k3',
    ]);
    expect(cookie).toBe('CloudFront-Policy=p1; CloudFront-Signature=s2; CloudFront-Key-Pair-Id=k3');
    const signer = createTokenSigner();
    const body = rewriteSignedUrls(
      { url: CLOUDFRONT, expiration: NOW + 60_000, size: 10 },
      { signer, publicUrl: 'http://gw.test', now: NOW, cookie },
    ) as { url: string };
    const token = body.url.slice(body.url.lastIndexOf('/') + 1);
    expect(signer.verify(token, NOW)).toEqual({ url: CLOUDFRONT, expiresAt: NOW + 60_000, cookie });
    expect(signer.verify(token, NOW + 60_000)).toBeNull();
    // The client still gets the cookies (the SDK reads them), scoped to the gateway's signed route.
    expect(cookiesForSignedRoute(['CloudFront-Policy=p1; Path=/; Domain=.autodesk.com; HttpOnly', 'no-pair'])).toEqual([
      `CloudFront-Policy=p1; HttpOnly; Path=${SIGNED_ROUTE}/`,
    ]);
  });
});

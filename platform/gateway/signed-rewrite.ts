import type { SignedTarget, TokenSigner } from './signed-tokens';

export const SIGNED_ROUTE = '/gateway/v1/signed';
/** When neither the URL nor the response says how long a URL lives, the gateway's token lives this long. */
export const FALLBACK_LIFETIME_MS = 60 * 60 * 1000;
/** The responses that carry signed storage URLs are small; a bigger one is passed on as it is. */
export const MAX_REWRITTEN_BYTES = 16 * 1024 * 1024;

/**
 * The upstream responses that hand out signed storage URLs: OSS signed uploads and downloads
 * (single and batch), OSS signed resources, and Model Derivative's signed cookies.
 */
export const handsOutSignedUrls = (path: string) =>
  /^\/oss\/v2\/buckets\/[^/]+\/objects\/(?:[^/]+\/(?:signeds3upload|signeds3download|signed)|batchsigneds3upload|batchsigneds3download)$/.test(
    path,
  ) ||
  // The derivative URN may come encoded or with its slashes bare (`…/manifest/urn:adsk.viewing:fs.file:{urn}/output/…`).
  /^\/modelderivative\/v2\/(?:regions\/[^/]+\/)?designdata\/[^/]+\/manifest\/.+\/signedcookies$/.test(path);

/** The expiry the URL itself carries: S3 SigV4 (`X-Amz-Date` + `X-Amz-Expires`), S3 v2 / CloudFront / the platform (`Expires`). */
export function expiryOfUrl(raw: string): number | null {
  const params = new URL(raw).searchParams;
  const get = (name: string) => [...params].find(([key]) => key.toLowerCase() === name)?.[1];
  const amzDate = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(get('x-amz-date') ?? '');
  const amzExpires = get('x-amz-expires');
  if (amzDate && amzExpires && /^\d+$/.test(amzExpires)) {
    const [, y, mo, d, h, mi, s] = amzDate.map(Number);
    return Date.UTC(y!, mo! - 1, d, h, mi, s) + Number(amzExpires) * 1000;
  }
  const expires = get('expires');
  return expires && /^\d{1,12}$/.test(expires) ? Number(expires) * 1000 : null;
}

/** `urlExpiration` (ISO) or `expiration` (epoch milliseconds or ISO) beside the URLs, if any. */
function expiryHint(record: Record<string, unknown>): number | null {
  for (const value of [record['urlExpiration'], record['expiration']]) {
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string') {
      const parsed = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
      if (Number.isFinite(parsed)) return parsed;
    }
  }
  return null;
}

const isHttpUrl = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\//i.test(value);

export interface RewriteContext {
  signer: TokenSigner;
  /** The gateway's base URL, without a trailing slash. */
  publicUrl: string;
  now: number;
  /** The signed cookies that came with the response, which the gateway will send along itself. */
  cookie?: string;
}

/**
 * Replaces every signed URL in a response body (`url`, `signedUrl`, the items of `urls`, whether
 * an array or a map of byte ranges) with a gateway URL whose token expires with the original.
 */
export function rewriteSignedUrls(body: unknown, context: RewriteContext): unknown {
  if (Array.isArray(body)) return body.map((item) => rewriteSignedUrls(item, context));
  if (typeof body !== 'object' || body === null) return body;
  const record = body as Record<string, unknown>;
  const hint = expiryHint(record);
  const wrap = (url: string) => {
    const target: SignedTarget = { url, expiresAt: expiryOfUrl(url) ?? hint ?? context.now + FALLBACK_LIFETIME_MS };
    if (context.cookie) target.cookie = context.cookie;
    return `${context.publicUrl}${SIGNED_ROUTE}/${context.signer.issue(target)}`;
  };
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if ((key === 'url' || key === 'signedUrl') && isHttpUrl(value)) result[key] = wrap(value);
    else if (key === 'urls' && Array.isArray(value))
      result[key] = (value as unknown[]).map((item) => (isHttpUrl(item) ? wrap(item) : item));
    else if (key === 'urls' && typeof value === 'object' && value !== null) {
      result[key] = Object.fromEntries(
        Object.entries(value).map(([range, item]) => [range, isHttpUrl(item) ? wrap(item) : item]),
      );
    } else result[key] = rewriteSignedUrls(value, context);
  }
  return result;
}

/** `Set-Cookie` headers as the `Cookie` header a client sends back: `name=value; …`. */
export const cookieHeaderFrom = (setCookies: string[]) =>
  setCookies
    .map((line) => line.split(';')[0]!.trim())
    .filter((pair) => pair.includes('='))
    .join('; ');

/**
 * The upstream's signed cookies re-scoped to the gateway's signed route: the official SDK reads
 * them from `…/signedcookies` responses (and fails without them), while the gateway sends the
 * originals itself from the token. Domain goes (it names the upstream's CDN), Path becomes ours.
 */
export const cookiesForSignedRoute = (setCookies: string[]) =>
  setCookies
    .map((line) => line.split(';').map((part) => part.trim()))
    .filter(([pair]) => pair?.includes('='))
    .map(([pair, ...attributes]) =>
      [
        pair,
        ...attributes.filter((attribute) => !/^(?:domain|path)\s*=/i.test(attribute)),
        `Path=${SIGNED_ROUTE}/`,
      ].join('; '),
    );

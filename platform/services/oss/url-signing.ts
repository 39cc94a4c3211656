import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { ossError } from '../../http/errors';

export interface UrlSigner {
  /** A URL on `base` + `path` whose query carries `fields`' signature and an expiry (Unix seconds). */
  url(base: string, path: string, fields: readonly string[], expires: number, query?: Record<string, string>): string;
  /** Throws 403 unless the request's `signature` matches `fields` and its `expires` has not passed. */
  check(c: Context, fields: readonly string[], now: Date): void;
}

/**
 * HMAC-SHA256 signed URLs, like S3's presigned ones: what they grant (path fields, expiry, response
 * overrides) is signed with a secret kept in the database, so URLs outlive a restart; signatures are
 * compared in constant time.
 */
export async function urlSignerFrom(loadSecret: () => Promise<string>): Promise<UrlSigner> {
  const key = Buffer.from(await loadSecret(), 'base64url');
  const mac = (fields: readonly string[], expires: string, query: Record<string, string>) =>
    createHmac('sha256', key)
      .update(JSON.stringify([...fields, expires, Object.entries(query).sort()]))
      .digest();
  const signedQuery = (c: Context) => {
    const query: Record<string, string> = {};
    for (const [name, value] of new URL(c.req.url).searchParams)
      if (name !== 'expires' && name !== 'signature') query[name] = value;
    return query;
  };
  return {
    url(base, path, fields, expires, query = {}) {
      const signature = mac(fields, String(expires), query).toString('base64url');
      return `${base}${path}?${new URLSearchParams({ ...query, expires: String(expires), signature }).toString()}`;
    },
    check(c, fields, now) {
      const expires = c.req.query('expires') ?? '';
      const given = Buffer.from(c.req.query('signature') ?? '', 'base64url');
      const expected = mac(fields, expires, signedQuery(c));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw ossError(403, 'The request signature does not match: the URL is incomplete or was changed.');
      }
      if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now.getTime())
        throw ossError(403, 'The signed URL has expired; ask for a new one.');
    },
  };
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { modelDerivativeError } from '../../http/errors';

export interface DownloadSigner {
  /** The query that grants `fields` until `expires` (Unix seconds), with the response overrides it fixes. */
  sign(fields: readonly string[], expires: number, overrides: Record<string, string>): URLSearchParams;
  /** Throws 403 unless `query` carries a matching signature that has not expired. */
  check(query: URLSearchParams, fields: readonly string[], now: Date): void;
}

/**
 * HMAC-SHA256 signed download URLs, standing in for the CloudFront signed URLs and cookies of the
 * real service: what they grant is signed with a secret kept in the database, so they outlive a
 * restart; signatures are compared in constant time.
 */
export async function downloadSignerFrom(loadSecret: () => Promise<string>): Promise<DownloadSigner> {
  const key = Buffer.from(await loadSecret(), 'base64url');
  const mac = (fields: readonly string[], expires: string, overrides: Record<string, string>) =>
    createHmac('sha256', key)
      .update(JSON.stringify([...fields, expires, Object.entries(overrides).sort()]))
      .digest();
  return {
    sign(fields, expires, overrides) {
      const signature = mac(fields, String(expires), overrides).toString('base64url');
      return new URLSearchParams({ ...overrides, expires: String(expires), signature });
    },
    check(query, fields, now) {
      const expires = query.get('expires') ?? '';
      const overrides: Record<string, string> = {};
      // Only the response overrides are signed: the official client appends the cookies' values
      // (Policy, Key-Pair-Id, Signature) to the URL, and extra parameters change nothing served.
      for (const [name, value] of query) if (name.startsWith('response-')) overrides[name] = value;
      const given = Buffer.from(query.get('signature') ?? '', 'base64url');
      const expected = mac(fields, expires, overrides);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw modelDerivativeError(403, 'The request signature does not match: the URL is incomplete or was changed.');
      }
      if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now.getTime())
        throw modelDerivativeError(403, 'The signed URL has expired; ask for a new one.');
    },
  };
}

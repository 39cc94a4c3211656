import { createHmac, timingSafeEqual } from 'node:crypto';

export interface StoreSigner {
  /** A query granting `path` until `expires` (Unix seconds). */
  sign(path: string, expires: number): string;
  /** Whether `query` grants `path` at `now`: the signature matches and has not expired. */
  grants(path: string, query: URLSearchParams, now: Date): 'ok' | 'forged' | 'expired';
  /** The hex signature of an upload form's policy, as S3's `x-amz-signature`. */
  policySignature(policy: string): string;
}

/**
 * HMAC-SHA256 signatures of the store's URLs (packages, reports, debug zips) and upload policies,
 * standing in for the S3 presigned URLs and POST policies of the real service. The secret is kept in
 * the database, so URLs outlive a restart; signatures are compared in constant time.
 */
export async function storeSignerFrom(loadSecret: () => Promise<string>): Promise<StoreSigner> {
  const key = Buffer.from(await loadSecret(), 'base64url');
  const mac = (text: string) => createHmac('sha256', key).update(text).digest();
  return {
    sign(path, expires) {
      return new URLSearchParams({
        expires: String(expires),
        signature: mac(`url\n${path}\n${expires}`).toString('base64url'),
      }).toString();
    },
    grants(path, query, now) {
      const expires = query.get('expires') ?? '';
      const given = Buffer.from(query.get('signature') ?? '', 'base64url');
      const expected = mac(`url\n${path}\n${expires}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
      return /^\d{1,12}$/.test(expires) && Number(expires) * 1000 > now.getTime() ? 'ok' : 'expired';
    },
    policySignature(policy) {
      return mac(`policy\n${policy}`).toString('hex');
    },
  };
}

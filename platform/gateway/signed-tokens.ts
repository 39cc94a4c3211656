import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a gateway-signed token stands for: one upstream storage URL, until it expires. */
export interface SignedTarget {
  url: string;
  /** Unix milliseconds. */
  expiresAt: number;
  /** `name=value; …` to send along (Model Derivative's CloudFront signed cookies), if any. */
  cookie?: string;
}

export interface TokenSigner {
  issue(target: SignedTarget): string;
  /** The target, or null when the token is malformed, was not signed by this signer, or has expired. */
  verify(token: string, now: number): SignedTarget | null;
}

const encode = (value: string) => Buffer.from(value).toString('base64url');

/**
 * Tokens for `/gateway/v1/signed/<token>`: the target itself (base64url JSON) and an HMAC-SHA256
 * over it. The key is random per process, so a restart voids every token, and nothing the gateway
 * did not sign itself can make it reach a host: it is not an open proxy.
 */
export function createTokenSigner(key: Buffer = randomBytes(32)): TokenSigner {
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    issue(target) {
      const payload = encode(
        JSON.stringify({ u: target.url, e: target.expiresAt, ...(target.cookie ? { c: target.cookie } : {}) }),
      );
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token, now) {
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const fields = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { u: string; e: number; c?: string };
      if (!(fields.e > now)) return null;
      return { url: fields.u, expiresAt: fields.e, ...(fields.c ? { cookie: fields.c } : {}) };
    },
  };
}

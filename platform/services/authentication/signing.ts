import { randomUUID } from 'node:crypto';
import {
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
} from 'jose';
import type { OAuthRepo } from '../../storage/repos/oauth';

export const TOKEN_AUDIENCE = 'https://autodesk.com';

export interface AccessClaims {
  jti: string;
  clientId: string;
  userId: string | null;
  scopes: string[];
  expiresAt: Date;
}

export interface Signer {
  kid: string;
  signAccessToken(claims: AccessClaims, issuedAt: Date): Promise<string>;
  signIdToken(
    claims: { userId: string; clientId: string; name: string; email: string; nonce: string | null; expiresAt: Date },
    issuedAt: Date,
  ): Promise<string>;
  /** Checks signature, issuer, audience and expiry; returns the claims or null. */
  verifyAccessToken(token: string, now: Date): Promise<AccessClaims | null>;
  publicJwks(): Promise<{ keys: JWK[] }>;
}

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** A key another instance added is looked for in the database at most this often (a forged kid costs one query a second). */
const KEY_RELOAD_MS = 1000;

/**
 * Loads the platform's RS256 key, making one on first start, so tokens survive a restart. The issuer
 * is read late because a platform started on port 0 learns its address only once it listens. Tokens
 * verify against every key in the database, so instances of one deployment accept each other's.
 */
/** A new signing key pair; a start that expects to need one begins it early, beside the database's open. */
export const generateSigningKey = () => generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });

export async function loadSigner(
  oauth: OAuthRepo,
  issuerOf: () => string,
  newKey: () => ReturnType<typeof generateSigningKey> = generateSigningKey,
): Promise<Signer> {
  let stored = await oauth.loadSigningKey();
  if (!stored) {
    const pair = await newKey();
    await oauth.saveFirstSigningKey(randomUUID(), await exportJWK(pair.privateKey), await exportJWK(pair.publicKey));
    stored = await oauth.loadSigningKey();
  }
  const { kid, privateJwk, publicJwk } = stored!;
  const privateKey = (await importJWK(privateJwk, 'RS256')) as CryptoKey;
  const publicKeys = new Map<string, CryptoKey>([[kid, (await importJWK(publicJwk, 'RS256')) as CryptoKey]]);
  let reloadedAt = 0;
  const keyFor = async (tokenKid: string | undefined): Promise<CryptoKey | undefined> => {
    if (!tokenKid) return undefined;
    if (!publicKeys.has(tokenKid) && Date.now() - reloadedAt >= KEY_RELOAD_MS) {
      reloadedAt = Date.now();
      for (const row of await oauth.listPublicKeys()) {
        if (!publicKeys.has(row.kid)) publicKeys.set(row.kid, (await importJWK(row.publicJwk, 'RS256')) as CryptoKey);
      }
    }
    return publicKeys.get(tokenKid);
  };

  return {
    kid,
    signAccessToken: (claims, issuedAt) =>
      new SignJWT({
        scope: claims.scopes,
        client_id: claims.clientId,
        ...(claims.userId ? { userid: claims.userId } : {}),
      })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(issuerOf())
        .setAudience(TOKEN_AUDIENCE)
        .setJti(claims.jti)
        .setIssuedAt(seconds(issuedAt))
        .setNotBefore(seconds(issuedAt))
        .setExpirationTime(seconds(claims.expiresAt))
        .sign(privateKey),
    signIdToken: (claims, issuedAt) =>
      new SignJWT({ name: claims.name, email: claims.email, ...(claims.nonce ? { nonce: claims.nonce } : {}) })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(issuerOf())
        .setSubject(claims.userId)
        .setAudience(claims.clientId)
        .setIssuedAt(seconds(issuedAt))
        .setExpirationTime(seconds(claims.expiresAt))
        .sign(privateKey),
    async verifyAccessToken(token, now) {
      try {
        const publicKey = await keyFor(decodeProtectedHeader(token).kid);
        if (!publicKey) return null;
        const { payload } = await jwtVerify(token, publicKey, {
          algorithms: ['RS256'],
          issuer: issuerOf(),
          audience: TOKEN_AUDIENCE,
          currentDate: now,
          clockTolerance: 0,
        });
        const scope = payload['scope'];
        const clientId = payload['client_id'];
        if (!payload.jti || !payload.exp || !Array.isArray(scope) || typeof clientId !== 'string') return null;
        const userId = payload['userid'];
        return {
          jti: payload.jti,
          clientId,
          userId: typeof userId === 'string' ? userId : null,
          scopes: scope.filter((s): s is string => typeof s === 'string'),
          expiresAt: new Date(payload.exp * 1000),
        };
      } catch {
        return null;
      }
    },
    async publicJwks() {
      const rows = await oauth.listPublicKeys();
      return { keys: rows.map((row) => ({ ...row.publicJwk, kid: row.kid, use: 'sig', alg: 'RS256' })) };
    },
  };
}

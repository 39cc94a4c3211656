import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type CryptoKey, type JWK } from 'jose';
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
  signIdToken(claims: { userId: string; clientId: string; name: string; email: string; nonce: string | null; expiresAt: Date }, issuedAt: Date): Promise<string>;
  /** Checks signature, issuer, audience and expiry; returns the claims or null. */
  verifyAccessToken(token: string, now: Date): Promise<AccessClaims | null>;
  publicJwks(): Promise<{ keys: JWK[] }>;
}

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/**
 * Loads the platform's RS256 key, making one on first start, so tokens survive a restart. The issuer
 * is read late because a platform started on port 0 learns its address only once it listens.
 */
export async function loadSigner(oauth: OAuthRepo, issuerOf: () => string): Promise<Signer> {
  let stored = await oauth.loadSigningKey();
  if (!stored) {
    const pair = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    const kid = randomUUID();
    await oauth.saveSigningKey(kid, await exportJWK(pair.privateKey), await exportJWK(pair.publicKey));
    stored = await oauth.loadSigningKey();
  }
  const { kid, privateJwk, publicJwk } = stored!;
  const privateKey = (await importJWK(privateJwk as JWK, 'RS256')) as CryptoKey;
  const publicKey = (await importJWK(publicJwk as JWK, 'RS256')) as CryptoKey;

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
    publicJwks: () => Promise.resolve({ keys: [{ ...(publicJwk as JWK), kid, use: 'sig', alg: 'RS256' }] }),
  };
}

import type { JWK } from 'jose';
import type { Db } from '../db/db';
import { revocationSignal, type Revocations } from '../revocations';

/** A pending `/authorize` request, between the sign-in and consent pages and the redirect. */
export interface AuthRequest {
  id: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string | null;
  nonce: string | null;
  codeChallenge: string | null;
  csrfToken: string;
  userId: string | null;
  /** The app asked for the consent page even if the person allowed these scopes before (`prompt=consent`). */
  promptConsent: boolean;
  expiresAt: Date;
}

export interface AuthCode {
  clientId: string;
  userId: string;
  redirectUri: string;
  scopes: string[];
  codeChallenge: string | null;
  nonce: string | null;
  expiresAt: Date;
  usedAt: Date | null;
  familyId: string | null;
}

export interface RefreshFamily {
  id: string;
  clientId: string;
  userId: string | null;
  scopes: string[];
  revokedAt: Date | null;
  /** Of the refresh token itself: when it was exchanged (rotation), and when it runs out. */
  usedAt: Date | null;
  expiresAt: Date;
}

const REQUEST_COLUMNS = `id, client_id AS "clientId", redirect_uri AS "redirectUri", scopes, state, nonce,
  code_challenge AS "codeChallenge", csrf_token AS "csrfToken", user_id AS "userId", prompt_consent AS "promptConsent", expires_at AS "expiresAt"`;
const CODE_COLUMNS = `client_id AS "clientId", user_id AS "userId", redirect_uri AS "redirectUri", scopes,
  code_challenge AS "codeChallenge", nonce, expires_at AS "expiresAt", used_at AS "usedAt", family_id AS "familyId"`;

export function oauthRepo(db: Db, revocations: Revocations = revocationSignal()) {
  return {
    async saveAuthRequest(request: AuthRequest): Promise<void> {
      await db.query(
        `INSERT INTO auth_requests (id, client_id, redirect_uri, scopes, state, nonce, code_challenge, csrf_token, user_id, prompt_consent, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          request.id,
          request.clientId,
          request.redirectUri,
          request.scopes,
          request.state,
          request.nonce,
          request.codeChallenge,
          request.csrfToken,
          request.userId,
          request.promptConsent,
          request.expiresAt,
        ],
      );
    },
    async findAuthRequest(id: string, now: Date): Promise<AuthRequest | undefined> {
      const [request] = await db.query<AuthRequest>(
        `SELECT ${REQUEST_COLUMNS} FROM auth_requests WHERE id = $1 AND expires_at > $2`,
        [id, now],
      );
      return request;
    },
    async setAuthRequestUser(id: string, userId: string): Promise<void> {
      await db.query('UPDATE auth_requests SET user_id = $2 WHERE id = $1', [id, userId]);
    },
    /** Removes the request and says whether it was there, so a double-submitted form acts once. */
    async takeAuthRequest(id: string): Promise<boolean> {
      const rows = await db.query('DELETE FROM auth_requests WHERE id = $1 RETURNING id', [id]);
      return rows.length === 1;
    },

    async saveBrowserSession(idHash: string, userId: string, expiresAt: Date): Promise<void> {
      await db.query('INSERT INTO browser_sessions (id_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
        idHash,
        userId,
        expiresAt,
      ]);
    },
    async findBrowserSessionUser(idHash: string, now: Date): Promise<string | undefined> {
      const [row] = await db.query<{ userId: string }>(
        'SELECT user_id AS "userId" FROM browser_sessions WHERE id_hash = $1 AND expires_at > $2',
        [idHash, now],
      );
      return row?.userId;
    },
    async deleteBrowserSession(idHash: string): Promise<void> {
      await db.query('DELETE FROM browser_sessions WHERE id_hash = $1', [idHash]);
    },

    async saveCode(codeHash: string, code: Omit<AuthCode, 'usedAt' | 'familyId'>): Promise<void> {
      await db.query(
        `INSERT INTO auth_codes (code_hash, client_id, user_id, redirect_uri, scopes, code_challenge, nonce, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          codeHash,
          code.clientId,
          code.userId,
          code.redirectUri,
          code.scopes,
          code.codeChallenge,
          code.nonce,
          code.expiresAt,
        ],
      );
    },
    /**
     * Marks an unused code used, and records the token family it starts (null when the exchange was
     * refused), in one statement: only one of two racing exchanges wins, and a replay that comes
     * after always finds the family to revoke.
     */
    async claimCode(codeHash: string, now: Date, familyId: string | null): Promise<boolean> {
      const rows = await db.query(
        'UPDATE auth_codes SET used_at = $2, family_id = $3 WHERE code_hash = $1 AND used_at IS NULL RETURNING 1',
        [codeHash, now, familyId],
      );
      return rows.length === 1;
    },
    async findCode(codeHash: string): Promise<AuthCode | undefined> {
      const [code] = await db.query<AuthCode>(`SELECT ${CODE_COLUMNS} FROM auth_codes WHERE code_hash = $1`, [
        codeHash,
      ]);
      return code;
    },

    async createFamily(family: {
      id: string;
      clientId: string;
      userId: string | null;
      scopes: string[];
    }): Promise<void> {
      await db.query('INSERT INTO token_families (id, client_id, user_id, scopes) VALUES ($1, $2, $3, $4)', [
        family.id,
        family.clientId,
        family.userId,
        family.scopes,
      ]);
    },
    async revokeFamily(familyId: string, now: Date): Promise<void> {
      await db.query('UPDATE token_families SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1', [familyId, now]);
      await db.query('UPDATE access_tokens SET revoked_at = COALESCE(revoked_at, $2) WHERE family_id = $1', [
        familyId,
        now,
      ]);
      revocations.revoked();
    },
    async saveAccessToken(token: {
      jti: string;
      clientId: string;
      familyId: string | null;
      expiresAt: Date;
    }): Promise<void> {
      await db.query('INSERT INTO access_tokens (jti, client_id, family_id, expires_at) VALUES ($1, $2, $3, $4)', [
        token.jti,
        token.clientId,
        token.familyId,
        token.expiresAt,
      ]);
    },
    /** Live: unexpired, not revoked, and its family (if any) not revoked, even if that happened after it was saved. */
    async isAccessTokenActive(jti: string, now: Date): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM access_tokens a LEFT JOIN token_families f ON f.id = a.family_id
         WHERE a.jti = $1 AND a.revoked_at IS NULL AND a.expires_at > $2 AND f.revoked_at IS NULL`,
        [jti, now],
      );
      return rows.length === 1;
    },
    async saveRefreshToken(tokenHash: string, familyId: string, expiresAt: Date): Promise<void> {
      await db.query('INSERT INTO refresh_tokens (token_hash, family_id, expires_at) VALUES ($1, $2, $3)', [
        tokenHash,
        familyId,
        expiresAt,
      ]);
    },

    /** The family behind a refresh token, with the token's own expiry. */
    async findRefreshFamily(tokenHash: string): Promise<RefreshFamily | undefined> {
      const [row] = await db.query<RefreshFamily>(
        `SELECT f.id, f.client_id AS "clientId", f.user_id AS "userId", f.scopes, f.revoked_at AS "revokedAt",
           r.used_at AS "usedAt", r.expires_at AS "expiresAt"
         FROM refresh_tokens r JOIN token_families f ON f.id = r.family_id WHERE r.token_hash = $1`,
        [tokenHash],
      );
      return row;
    },
    /** Marks a refresh token used; false when it already was (a replay). */
    async claimRefreshToken(tokenHash: string, now: Date): Promise<boolean> {
      const rows = await db.query(
        'UPDATE refresh_tokens SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL RETURNING 1',
        [tokenHash, now],
      );
      return rows.length === 1;
    },
    async revokeAccessToken(jti: string, clientId: string, now: Date): Promise<void> {
      await db.query(
        'UPDATE access_tokens SET revoked_at = COALESCE(revoked_at, $3) WHERE jti = $1 AND client_id = $2',
        [jti, clientId, now],
      );
      revocations.revoked();
    },

    async loadSigningKey(): Promise<{ kid: string; privateJwk: JWK; publicJwk: JWK } | undefined> {
      const [key] = await db.query<{ kid: string; privateJwk: JWK; publicJwk: JWK }>(
        'SELECT kid, private_jwk AS "privateJwk", public_jwk AS "publicJwk" FROM signing_keys ORDER BY created_at DESC LIMIT 1',
      );
      return key;
    },
    async listPublicKeys(): Promise<{ kid: string; publicJwk: JWK }[]> {
      return db.query('SELECT kid, public_jwk AS "publicJwk" FROM signing_keys ORDER BY created_at DESC');
    },
    async saveSigningKey(kid: string, privateJwk: JWK, publicJwk: JWK): Promise<void> {
      await db.query(
        'INSERT INTO signing_keys (kid, private_jwk, public_jwk) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [kid, JSON.stringify(privateJwk), JSON.stringify(publicJwk)],
      );
    },
    /**
     * Saves the deployment's first key unless another instance, starting at the same moment, saved
     * one first: under a lock, so every instance of a deployment signs with the same key.
     */
    async saveFirstSigningKey(kid: string, privateJwk: JWK, publicJwk: JWK): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['signing-keys']);
        const [existing] = await tx.query('SELECT kid FROM signing_keys LIMIT 1');
        if (existing) return;
        await tx.query('INSERT INTO signing_keys (kid, private_jwk, public_jwk) VALUES ($1, $2, $3)', [
          kid,
          JSON.stringify(privateJwk),
          JSON.stringify(publicJwk),
        ]);
      });
    },
  };
}

export type OAuthRepo = ReturnType<typeof oauthRepo>;

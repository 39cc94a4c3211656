import type { Db } from '../db/db';
import { revocationSignal, type Revocations } from '../revocations';

/** What a person allowed one app: every scope they allowed it, in any number of consents. */
export interface Consent {
  clientId: string;
  appName: string;
  scopes: string[];
  grantedAt: Date;
  updatedAt: Date;
}

const COLUMNS = `c.client_id AS "clientId", a.name AS "appName", c.scopes, c.granted_at AS "grantedAt", c.updated_at AS "updatedAt"`;

export function consentsRepo(db: Db, revocations: Revocations = revocationSignal()) {
  return {
    /** The scopes this person has allowed this app, or none when they never did (or withdrew it). */
    async grantedScopes(userId: string, clientId: string): Promise<string[]> {
      const [row] = await db.query<{ scopes: string[] }>(
        'SELECT scopes FROM oauth_consents WHERE user_id = $1 AND client_id = $2',
        [userId, clientId],
      );
      return row?.scopes ?? [];
    },
    /**
     * Adds `scopes` to what the person allowed the app. A consent to more scopes widens the one
     * given before rather than replacing it: allowing a new permission withdraws none.
     */
    async remember(userId: string, clientId: string, scopes: string[], now: Date): Promise<void> {
      await db.query(
        `INSERT INTO oauth_consents (user_id, client_id, scopes, granted_at, updated_at) VALUES ($1, $2, $3, $4, $4)
         ON CONFLICT (user_id, client_id) DO UPDATE SET updated_at = $4,
           scopes = ARRAY(SELECT DISTINCT s FROM unnest(oauth_consents.scopes || EXCLUDED.scopes) AS s ORDER BY s)`,
        [userId, clientId, [...new Set(scopes)].sort(), now],
      );
    },
    async listForUser(userId: string): Promise<Consent[]> {
      return db.query<Consent>(
        `SELECT ${COLUMNS} FROM oauth_consents c JOIN apps a ON a.client_id = c.client_id WHERE c.user_id = $1 ORDER BY a.name, c.client_id`,
        [userId],
      );
    },
    /**
     * Withdraws the consent and, in the same transaction, every session the app holds for the person
     * (refresh-token families and their access tokens): an app no longer allowed keeps no way in.
     * Says whether there was a consent to withdraw.
     */
    async withdraw(userId: string, clientId: string, now: Date): Promise<boolean> {
      const withdrawn = await db.transaction(async (tx) => {
        const deleted = await tx.query('DELETE FROM oauth_consents WHERE user_id = $1 AND client_id = $2 RETURNING 1', [
          userId,
          clientId,
        ]);
        const families = `SELECT id FROM token_families WHERE user_id = $1 AND client_id = $2`;
        await tx.query(`UPDATE token_families SET revoked_at = COALESCE(revoked_at, $3) WHERE id IN (${families})`, [
          userId,
          clientId,
          now,
        ]);
        await tx.query(
          `UPDATE access_tokens SET revoked_at = COALESCE(revoked_at, $3) WHERE family_id IN (${families})`,
          [userId, clientId, now],
        );
        return deleted.length === 1;
      });
      revocations.revoked();
      return withdrawn;
    },
  };
}

export type ConsentsRepo = ReturnType<typeof consentsRepo>;

import type { AccessClaims } from '../services/authentication/signing';
import type { Revocations } from '../storage/revocations';
import type { TokenCheck } from './auth';

/** How long a token found live in the database is taken as live without asking again. */
export const ACTIVE_FOR_MS = 1_000;
/** Tokens remembered at most; the oldest go first. */
const MAX_ENTRIES = 10_000;

interface Verified {
  claims: AccessClaims;
  /** The clock's time at the check: a clock turned back before it checks again. */
  from: number;
}

interface Active {
  from: number;
  until: number;
  generation: number;
}

function remember<T>(map: Map<string, T>, key: string, value: T): void {
  map.delete(key);
  if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as string);
  map.set(key, value);
}

/**
 * The token check every API request makes, remembered: a token's signature is checked once (its claims
 * kept until it expires), and its being live (not revoked) for a second. A revocation in this process
 * forgets every live answer at once, including one being looked up while it happened. Where other
 * processes share the database and revoke too, `activeForMs` is 0: liveness is asked every time. Profiled under 50 connections,
 * the signature check and the revocation query were a quarter of a listing's work.
 */
export function cachedTokenCheck(check: TokenCheck, revocations: Revocations, activeForMs = ACTIVE_FOR_MS): TokenCheck {
  const verified = new Map<string, Verified>();
  const active = new Map<string, Active>();
  return {
    clock: check.clock,
    async verify(token, now) {
      const at = now.getTime();
      const hit = verified.get(token);
      if (hit && at >= hit.from && at < hit.claims.expiresAt.getTime()) return hit.claims;
      const claims = await check.verify(token, now);
      if (claims) remember(verified, token, { claims, from: at });
      return claims;
    },
    async isActive(jti, now) {
      const at = now.getTime();
      const generation = revocations.generation();
      const hit = active.get(jti);
      if (hit && hit.generation === generation && at >= hit.from && at < hit.until) return true;
      const live = await check.isActive(jti, now);
      // A revocation while the query ran may not have been seen by it: such an answer is not kept.
      if (live && activeForMs > 0 && revocations.generation() === generation)
        remember(active, jti, { from: at, until: at + activeForMs, generation });
      else active.delete(jti);
      return live;
    },
  };
}

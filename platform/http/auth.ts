import { createMiddleware } from 'hono/factory';
import type { Clock } from '../config';
import type { AccessClaims } from '../services/authentication/signing';
import type { Principal } from '../storage/repos/hubs';
import { gatewayAuthError } from './errors';

export interface AuthVariables {
  principal: Principal;
  token: AccessClaims;
}

export interface TokenCheck {
  verify(token: string, now: Date): Promise<AccessClaims | null>;
  isActive(jti: string, now: Date): Promise<boolean>;
  clock: Clock;
}

const INVALID = 'Access token provided is invalid or expired.';

/**
 * Every API route passes through this: a Bearer token in the Authorization header only (never the
 * query string), validly signed, unexpired, unrevoked, and holding at least one of `anyOf` scopes.
 */
export function requireToken(check: TokenCheck, anyOf: readonly string[]) {
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const header = c.req.header('authorization');
    const match = header?.match(/^Bearer ([A-Za-z0-9\-_.~+/]+=*)$/);
    if (!match?.[1]) throw gatewayAuthError(401, 'AUTH-012', 'The Authorization header is missing or is not a Bearer token.');
    const now = check.clock.now();
    const claims = await check.verify(match[1], now);
    if (!claims || !(await check.isActive(claims.jti, now))) throw gatewayAuthError(401, 'AUTH-006', INVALID);
    if (!anyOf.some((scope) => claims.scopes.includes(scope))) {
      throw gatewayAuthError(403, 'AUTH-010', 'Token does not have the privilege for this request.');
    }
    c.set('token', claims);
    c.set('principal', claims.userId
      ? { kind: 'user', userId: claims.userId, clientId: claims.clientId }
      : { kind: 'app', clientId: claims.clientId });
    await next();
  });
}

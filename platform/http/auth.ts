import { createMiddleware } from 'hono/factory';
import type { Clock } from '../config';
import type { AccessClaims } from '../services/authentication/signing';
import type { Principal } from '../storage/repos/hubs';
import { gatewayAuthError, type HttpError } from './errors';

export interface AuthVariables {
  principal: Principal;
  token: AccessClaims;
}

export interface TokenCheck {
  verify(token: string, now: Date): Promise<AccessClaims | null>;
  isActive(jti: string, now: Date): Promise<boolean>;
  clock: Clock;
}

/** Why a token was refused with 401: none or not a Bearer header (AUTH-012), or not a valid live token (AUTH-006). */
export type UnauthorizedCode = 'AUTH-012' | 'AUTH-006';

/**
 * How a service words a refused token. Both default to the APS gateway body; a service passes its own
 * where it answers in another shape (OSS `{reason}`, Model Derivative's text).
 */
export interface TokenErrors {
  unauthorized(code: UnauthorizedCode, message: string): HttpError;
  /** `needed`: the scopes of which the operation wants at least one. */
  forbidden(message: string, needed: readonly string[]): HttpError;
}

export interface RequireTokenOptions {
  errors?: Partial<TokenErrors>;
  /** Only a token with a user in it (3-legged) will do; a 2-legged one gets 403. */
  userOnly?: boolean;
}

export const INVALID_TOKEN_MESSAGE = 'Access token provided is invalid or expired.';
export const MISSING_SCOPE_MESSAGE = 'Token does not have the privilege for this request.';

export const GATEWAY_TOKEN_ERRORS: TokenErrors = {
  unauthorized: (code, message) => gatewayAuthError(401, code, message),
  forbidden: (message) => gatewayAuthError(403, 'AUTH-010', message),
};

// RFC 6750 §2.1: the scheme is case-insensitive; the token is b64token.
const BEARER = /^bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * Every API route passes through this: a Bearer token in the Authorization header only (never the
 * query string), validly signed, unexpired, unrevoked, and holding at least one of `anyOf` scopes.
 */
export function requireToken(check: TokenCheck, anyOf: readonly string[], options: RequireTokenOptions = {}) {
  const errors: TokenErrors = { ...GATEWAY_TOKEN_ERRORS, ...options.errors };
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const match = BEARER.exec(c.req.header('authorization') ?? '');
    if (!match?.[1])
      throw errors.unauthorized('AUTH-012', 'The Authorization header is missing or is not a Bearer token.');
    const now = check.clock.now();
    const claims = await check.verify(match[1], now);
    if (!claims || !(await check.isActive(claims.jti, now)))
      throw errors.unauthorized('AUTH-006', INVALID_TOKEN_MESSAGE);
    if (!anyOf.some((scope) => claims.scopes.includes(scope))) throw errors.forbidden(MISSING_SCOPE_MESSAGE, anyOf);
    if (options.userOnly && !claims.userId) {
      throw errors.forbidden('This operation needs a 3-legged token: one issued to a signed-in user.', anyOf);
    }
    c.set('token', claims);
    c.set(
      'principal',
      claims.userId
        ? { kind: 'user', userId: claims.userId, clientId: claims.clientId }
        : { kind: 'app', clientId: claims.clientId },
    );
    await next();
  });
}

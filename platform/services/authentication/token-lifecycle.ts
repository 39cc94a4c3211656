import type { IntrospectResponse } from '../../../contracts/authentication';
import type { AppDeps } from '../../config';
import type { App } from '../../storage/repos/apps';
import { hashSecret } from '../../storage/ids';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const INACTIVE: IntrospectResponse = { active: false };

/**
 * RFC 7009 revocation. An unknown token, or another app's, is answered the same way and left alone:
 * an app can revoke only its own tokens, and learns nothing about others'. Revoking a refresh token
 * ends its whole family, access tokens included.
 */
export async function revokeToken({ stores, signer, clock }: AppDeps, app: App, token: string): Promise<void> {
  const now = clock.now();
  const family = await stores.oauth.findRefreshFamily(hashSecret(token));
  if (family) {
    if (family.clientId === app.clientId) await stores.oauth.revokeFamily(family.id, now);
    return;
  }
  const claims = await signer.verifyAccessToken(token, now);
  if (claims) await stores.oauth.revokeAccessToken(claims.jti, app.clientId, now);
}

/**
 * RFC 7662 introspection, in the APS shape. An app sees only its own tokens: another app's live token
 * is reported inactive, exactly as an unknown one.
 */
export async function introspectToken(
  { stores, signer, clock }: AppDeps,
  app: App,
  token: string,
): Promise<IntrospectResponse> {
  const now = clock.now();
  const claims = await signer.verifyAccessToken(token, now);
  if (claims) {
    if (claims.clientId !== app.clientId || !(await stores.oauth.isAccessTokenActive(claims.jti, now))) return INACTIVE;
    return {
      active: true,
      scope: claims.scopes.join(' '),
      client_id: claims.clientId,
      exp: seconds(claims.expiresAt),
      ...(claims.userId ? { userid: claims.userId } : {}),
    };
  }
  const family = await stores.oauth.findRefreshFamily(hashSecret(token));
  if (!family || family.clientId !== app.clientId || family.revokedAt || family.usedAt || family.expiresAt <= now)
    return INACTIVE;
  return {
    active: true,
    scope: family.scopes.join(' '),
    client_id: family.clientId,
    exp: seconds(family.expiresAt),
    ...(family.userId ? { userid: family.userId } : {}),
  };
}

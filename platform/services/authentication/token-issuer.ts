import type { TokenResponse } from '../../../contracts/authentication';
import { ID_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS, type AppDeps } from '../../config';
import { hashSecret, newSecret } from '../../storage/ids';

export interface Grant {
  clientId: string;
  userId: string | null;
  scopes: string[];
  /** Set for 3-legged grants: the refresh-token family the tokens belong to. */
  familyId: string | null;
  nonce?: string | null;
}

/** Mints the access token (and, for a user, the refresh and ID tokens) of one grant. */
export async function issueTokens({ stores, signer, clock, config }: AppDeps, grant: Grant): Promise<TokenResponse> {
  const now = clock.now();
  const ttl = config.accessTokenTtlSeconds;
  const expiresAt = new Date(now.getTime() + ttl * 1000);
  // 256 random bits: the token id is also what revocation and introspection look tokens up by.
  const jti = newSecret();
  await stores.oauth.saveAccessToken({ jti, clientId: grant.clientId, familyId: grant.familyId, expiresAt });
  const response: TokenResponse = {
    access_token: await signer.signAccessToken(
      { jti, clientId: grant.clientId, userId: grant.userId, scopes: grant.scopes, expiresAt },
      now,
    ),
    token_type: 'Bearer',
    expires_in: ttl,
  };
  if (grant.userId && grant.familyId) {
    const refresh = newSecret();
    await stores.oauth.saveRefreshToken(
      hashSecret(refresh),
      grant.familyId,
      new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    );
    response.refresh_token = refresh;
    if (grant.scopes.includes('openid')) {
      const user = await stores.users.findById(grant.userId);
      if (user) {
        response.id_token = await signer.signIdToken(
          {
            userId: user.id,
            clientId: grant.clientId,
            name: user.name,
            email: user.email,
            nonce: grant.nonce ?? null,
            expiresAt: new Date(now.getTime() + ID_TOKEN_TTL_SECONDS * 1000),
          },
          now,
        );
      }
    }
  }
  return response;
}

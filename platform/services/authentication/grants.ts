import type { TokenResponse } from '../../../contracts/authentication';
import type { AppDeps } from '../../config';
import { oauthError } from '../../http/errors';
import type { App } from '../../storage/repos/apps';
import type { AuthCode } from '../../storage/repos/oauth';
import { hashSecret, newSecret } from '../../storage/ids';
import { isValidVerifier, s256 } from './pkce';
import { checkScopes, parseScopeList } from './scopes';
import { issueTokens } from './token-issuer';

const invalidGrant = (description: string) => oauthError(400, 'invalid_grant', description, 'AUTH-004');

export async function clientCredentialsGrant(
  deps: AppDeps,
  app: App,
  form: Map<string, string>,
): Promise<TokenResponse> {
  if (app.type === 'spa')
    throw oauthError(400, 'unauthorized_client', 'Single-page apps may not use client_credentials.', 'AUTH-001');
  const scopes = checkScopes(form.get('scope'), app.scopes);
  if (!scopes.ok) throw oauthError(400, 'invalid_scope', scopes.reason, 'AUTH-004');
  return issueTokens(deps, { clientId: app.clientId, userId: null, scopes: scopes.scopes, familyId: null });
}

/** Why this exchange of a (fresh) code must fail, or null when it may go ahead. */
function codeProblem(
  code: AuthCode,
  app: App,
  redirectUri: string,
  verifier: string | undefined,
  now: Date,
): string | null {
  if (code.expiresAt <= now) return 'The authorization code has expired.';
  if (code.clientId !== app.clientId) return 'The authorization code was issued to another client.';
  if (code.redirectUri !== redirectUri) return 'redirect_uri does not match the one used to authorize.';
  if (code.codeChallenge) {
    if (!verifier) return 'code_verifier is required for this code.';
    if (!isValidVerifier(verifier)) return 'code_verifier must be 43 to 128 unreserved characters.';
    if (s256(verifier) !== code.codeChallenge) return 'code_verifier does not match the code_challenge.';
  } else if (verifier !== undefined) {
    // PKCE downgrade: a verifier for a code that was issued without a challenge.
    return 'A code_verifier was sent for a code issued without a code_challenge.';
  }
  return null;
}

export async function authorizationCodeGrant(
  deps: AppDeps,
  app: App,
  form: Map<string, string>,
): Promise<TokenResponse> {
  const { oauth } = deps.stores;
  const rawCode = form.get('code');
  const redirectUri = form.get('redirect_uri');
  if (!rawCode || !redirectUri) throw oauthError(400, 'invalid_request', 'code and redirect_uri are required.');
  const codeHash = hashSecret(rawCode);
  const now = deps.clock.now();
  const code = await oauth.findCode(codeHash);
  if (!code) throw invalidGrant('The authorization code is invalid or has already been used.');

  // A code presented twice may have been stolen: what the first exchange issued is withdrawn.
  const replayed = async () => {
    const winner = await oauth.findCode(codeHash);
    if (winner?.familyId) await oauth.revokeFamily(winner.familyId, now);
    return invalidGrant('The authorization code is invalid or has already been used.');
  };
  if (code.usedAt) throw await replayed();

  const problem = codeProblem(code, app, redirectUri, form.get('code_verifier'), now);
  if (problem) {
    // A refused exchange uses the code up too: whoever holds it gets one try.
    await oauth.claimCode(codeHash, now, null);
    throw invalidGrant(problem);
  }
  const familyId = newSecret();
  await oauth.createFamily({ id: familyId, clientId: app.clientId, userId: code.userId, scopes: code.scopes });
  if (!(await oauth.claimCode(codeHash, now, familyId))) {
    await oauth.revokeFamily(familyId, now); // lost a race with another exchange of the same code
    throw await replayed();
  }
  return issueTokens(deps, {
    clientId: app.clientId,
    userId: code.userId,
    scopes: code.scopes,
    familyId,
    nonce: code.nonce,
  });
}

export async function refreshTokenGrant(deps: AppDeps, app: App, form: Map<string, string>): Promise<TokenResponse> {
  const { stores, clock } = deps;
  const raw = form.get('refresh_token');
  if (!raw) throw oauthError(400, 'invalid_request', 'refresh_token is required.');
  const now = clock.now();
  const tokenHash = hashSecret(raw);
  const family = await stores.oauth.findRefreshFamily(tokenHash);
  // Another app's refresh token is as good as unknown: it must not even learn that the token exists.
  if (!family || family.clientId !== app.clientId) throw invalidGrant('The refresh token is invalid.');
  if (family.revokedAt) throw invalidGrant('The refresh token has been revoked.');
  // The narrower scope is checked before the token is used up, so a bad request does not end the session.
  let scopes = family.scopes;
  const requested = form.get('scope');
  if (requested !== undefined && requested.trim()) {
    const narrowed = parseScopeList(requested);
    const extra = narrowed.filter((scope) => !family.scopes.includes(scope));
    if (extra.length)
      throw oauthError(400, 'invalid_scope', `The refresh token was not granted: ${extra.join(', ')}.`, 'AUTH-004');
    scopes = narrowed;
  }
  if (!(await stores.oauth.claimRefreshToken(tokenHash, now))) {
    // Rotation: a used refresh token seen again means two holders; end the whole family.
    await stores.oauth.revokeFamily(family.id, now);
    throw invalidGrant('The refresh token has already been used; the session has been ended.');
  }
  if (family.expiresAt <= now) throw invalidGrant('The refresh token has expired.');
  return issueTokens(deps, { clientId: app.clientId, userId: family.userId, scopes, familyId: family.id });
}

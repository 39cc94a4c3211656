import { randomUUID } from 'node:crypto';
import type { TokenResponse } from '../../../contracts/authentication';
import type { AppDeps } from '../../config';
import { oauthError } from '../../http/errors';
import type { App } from '../../storage/repos/apps';
import { hashSecret } from '../../storage/ids';
import { isValidVerifier, s256 } from './pkce';
import { checkScopes, parseScopeList } from './scopes';
import { issueTokens } from './token-issuer';

const invalidGrant = (description: string) => oauthError(400, 'invalid_grant', description, 'AUTH-004');

export async function clientCredentialsGrant(deps: AppDeps, app: App, form: Map<string, string>): Promise<TokenResponse> {
  if (app.type === 'spa') throw oauthError(400, 'unauthorized_client', 'Single-page apps may not use client_credentials.', 'AUTH-001');
  const scopes = checkScopes(form.get('scope'), app.scopes);
  if (!scopes.ok) throw oauthError(400, 'invalid_scope', scopes.reason, 'AUTH-004');
  return issueTokens(deps, { clientId: app.clientId, userId: null, scopes: scopes.scopes, familyId: null });
}

export async function authorizationCodeGrant(deps: AppDeps, app: App, form: Map<string, string>): Promise<TokenResponse> {
  const { stores, clock } = deps;
  const rawCode = form.get('code');
  const redirectUri = form.get('redirect_uri');
  if (!rawCode || !redirectUri) throw oauthError(400, 'invalid_request', 'code and redirect_uri are required.');
  const codeHash = hashSecret(rawCode);
  const now = clock.now();
  const code = await stores.oauth.claimCode(codeHash, now);
  if (!code) {
    const used = await stores.oauth.findCode(codeHash);
    // A code presented twice may have been stolen: what the first exchange issued is withdrawn.
    if (used?.familyId) await stores.oauth.revokeFamily(used.familyId, now);
    throw invalidGrant('The authorization code is invalid or has already been used.');
  }
  if (code.expiresAt <= now) throw invalidGrant('The authorization code has expired.');
  if (code.clientId !== app.clientId) throw invalidGrant('The authorization code was issued to another client.');
  if (code.redirectUri !== redirectUri) throw invalidGrant('redirect_uri does not match the one used to authorize.');
  const verifier = form.get('code_verifier');
  if (code.codeChallenge) {
    if (!verifier) throw invalidGrant('code_verifier is required for this code.');
    if (!isValidVerifier(verifier)) throw invalidGrant('code_verifier must be 43 to 128 unreserved characters.');
    if (s256(verifier) !== code.codeChallenge) throw invalidGrant('code_verifier does not match the code_challenge.');
  } else if (verifier !== undefined) {
    throw invalidGrant('A code_verifier was sent for a code issued without a code_challenge.');
  }
  const familyId = randomUUID();
  await stores.oauth.createFamily({ id: familyId, clientId: app.clientId, userId: code.userId, scopes: code.scopes });
  await stores.oauth.linkCodeToFamily(codeHash, familyId);
  return issueTokens(deps, { clientId: app.clientId, userId: code.userId, scopes: code.scopes, familyId, nonce: code.nonce });
}

export async function refreshTokenGrant(deps: AppDeps, app: App, form: Map<string, string>): Promise<TokenResponse> {
  const { stores, clock } = deps;
  const raw = form.get('refresh_token');
  if (!raw) throw oauthError(400, 'invalid_request', 'refresh_token is required.');
  const now = clock.now();
  const tokenHash = hashSecret(raw);
  const family = await stores.oauth.findRefreshFamily(tokenHash);
  if (!family || family.clientId !== app.clientId) throw invalidGrant('The refresh token is invalid.');
  if (family.revokedAt) throw invalidGrant('The refresh token has been revoked.');
  if (!(await stores.oauth.claimRefreshToken(tokenHash, now))) {
    // Rotation: a used refresh token seen again means two holders; end the whole family.
    await stores.oauth.revokeFamily(family.id, now);
    throw invalidGrant('The refresh token has already been used; the session has been ended.');
  }
  if (family.expiresAt <= now) throw invalidGrant('The refresh token has expired.');
  let scopes = family.scopes;
  const requested = form.get('scope');
  if (requested !== undefined && requested.trim()) {
    const narrowed = parseScopeList(requested);
    const extra = narrowed.filter((scope) => !family.scopes.includes(scope));
    if (extra.length) throw oauthError(400, 'invalid_scope', `The refresh token was not granted: ${extra.join(', ')}.`, 'AUTH-004');
    scopes = narrowed;
  }
  return issueTokens(deps, { clientId: app.clientId, userId: family.userId, scopes, familyId: family.id });
}

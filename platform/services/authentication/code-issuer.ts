import { AUTH_CODE_TTL_SECONDS, type AppDeps } from '../../config';
import { hashSecret, newSecret } from '../../storage/ids';
import { redirectWith } from './authorize-request';

/** What a code is issued for: an app, a person, the scopes they allowed, and the request's own values. */
export interface CodeGrant {
  clientId: string;
  userId: string;
  redirectUri: string;
  scopes: string[];
  state: string | null;
  nonce: string | null;
  codeChallenge: string | null;
}

/** Saves a fresh authorization code (its hash) and answers the redirect back to the app that carries it. */
export async function issueCode(
  { stores, clock }: Pick<AppDeps, 'stores' | 'clock'>,
  grant: CodeGrant,
): Promise<string> {
  const code = newSecret();
  await stores.oauth.saveCode(hashSecret(code), {
    clientId: grant.clientId,
    userId: grant.userId,
    redirectUri: grant.redirectUri,
    scopes: grant.scopes,
    codeChallenge: grant.codeChallenge,
    nonce: grant.nonce,
    expiresAt: new Date(clock.now().getTime() + AUTH_CODE_TTL_SECONDS * 1000),
  });
  return redirectWith(grant.redirectUri, { code, state: grant.state });
}

/**
 * Whether the person allowed this app every one of these scopes before, so the consent page can be
 * skipped. A request for even one more scope asks again, for the whole set it names.
 */
export async function consentCovers(
  { stores }: Pick<AppDeps, 'stores'>,
  userId: string,
  clientId: string,
  scopes: string[],
): Promise<boolean> {
  const granted = new Set(await stores.consents.grantedScopes(userId, clientId));
  return scopes.every((scope) => granted.has(scope));
}

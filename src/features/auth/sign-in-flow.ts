import type { AppRuntimeConfig } from '../../../contracts/app-config';
import { redirectUriFor } from '../../lib/runtime-config';
import { createCodeChallenge, createCodeVerifier, createState } from './pkce';

/**
 * The two halves of a sign-in: before leaving for the platform we remember the state, the verifier and
 * where the person was going; the callback route reads them back to finish.
 */

export const SIGN_IN_PATH = '/sign-in';

const PENDING_KEY = 'ddm.pending-sign-in';

export interface PendingSignIn {
  state: string;
  codeVerifier: string;
  redirectUri: string;
  returnTo: string;
}

export async function prepareSignIn(config: AppRuntimeConfig, returnTo: string, origin = window.location.origin): Promise<string> {
  const pending: PendingSignIn = {
    state: createState(),
    codeVerifier: createCodeVerifier(),
    redirectUri: redirectUriFor(config, origin),
    returnTo: safeReturnPath(returnTo),
  };
  const challenge = await createCodeChallenge(pending.codeVerifier);
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const query = {
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: pending.redirectUri,
    scope: config.scopes,
    state: pending.state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  };
  // encodeURIComponent writes spaces in `scope` as %20, which every server decodes; `+` is not so sure.
  const search = Object.entries(query)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  return `${config.platformUrl}/authentication/v2/authorize?${search}`;
}

export function readPendingSignIn(): PendingSignIn | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    const fields = ['state', 'codeVerifier', 'redirectUri', 'returnTo'] as const;
    return fields.every((field) => typeof record[field] === 'string') ? (value as PendingSignIn) : null;
  } catch {
    return null;
  }
}

export function clearPendingSignIn(): void {
  sessionStorage.removeItem(PENDING_KEY);
}

/** Only paths inside this app: a crafted `returnTo` must not send the person to another site. */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith(SIGN_IN_PATH)) return '/';
  return value;
}

export function signInPathFor(returnTo: string | null): string {
  const path = returnTo ? safeReturnPath(returnTo) : '/';
  return path === '/' ? SIGN_IN_PATH : `${SIGN_IN_PATH}?returnTo=${encodeURIComponent(path)}`;
}

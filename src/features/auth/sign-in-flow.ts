import type { AppRuntimeConfig } from '../../../contracts/app-config';
import { redirectUriFor } from '../../lib/runtime-config';
import { createCodeChallenge, createCodeVerifier, createState } from './pkce';

/**
 * The two halves of a sign-in: before leaving for the platform we remember the state, the verifier and
 * where the person was going; the callback route reads them back to finish.
 */

export const SIGN_IN_PATH = '/sign-in';

const PENDING_KEY = 'ddm.pending-sign-in';
const SILENT_TRIED_KEY = 'ddm.silent-sign-in-tried';

export interface PendingSignIn {
  state: string;
  codeVerifier: string;
  redirectUri: string;
  returnTo: string;
  /** Sent with `prompt=none`: a refusal means "show the sign-in page", not a problem to report. */
  silent?: boolean;
}

export interface SignInOptions {
  /** Ask for no page at all (`prompt=none`): the platform answers with a code or an error at once. */
  silent?: boolean;
  origin?: string;
}

export async function prepareSignIn(
  config: AppRuntimeConfig,
  returnTo: string,
  options: SignInOptions = {},
): Promise<string> {
  const { silent = false, origin = window.location.origin } = options;
  const pending: PendingSignIn = {
    state: createState(),
    codeVerifier: createCodeVerifier(),
    redirectUri: redirectUriFor(config, origin),
    returnTo: safeReturnPath(returnTo),
    ...(silent ? { silent } : {}),
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
    ...(silent ? { prompt: 'none' } : {}),
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
    if (!fields.every((field) => typeof record[field] === 'string')) return null;
    return record['silent'] === undefined || typeof record['silent'] === 'boolean' ? (value as PendingSignIn) : null;
  } catch {
    return null;
  }
}

export function clearPendingSignIn(): void {
  sessionStorage.removeItem(PENDING_KEY);
}

/**
 * A tab tries to join the platform's session silently once: after a refusal it shows the sign-in
 * page, and a reload does not send it round the platform again.
 */
export function silentSignInTried(): boolean {
  return sessionStorage.getItem(SILENT_TRIED_KEY) !== null;
}

export function markSilentSignInTried(): void {
  sessionStorage.setItem(SILENT_TRIED_KEY, '1');
}

/**
 * The platform's logout, which ends its browser session, coming back to this app's callback URL: the
 * one address every platform (APS included) has registered for it.
 */
export function signOutUrl(config: AppRuntimeConfig, origin = window.location.origin): string {
  const back = encodeURIComponent(redirectUriFor(config, origin));
  return `${config.platformUrl}/authentication/v2/logout?post_logout_redirect_uri=${back}`;
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

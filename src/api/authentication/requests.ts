import type { OpenIdConfiguration, TokenResponse } from '../../../contracts/authentication';
import { requestJson, requestVoid } from '../http';

/**
 * Authentication v2 for a public (PKCE) client: `client_id` travels in the form body and there is no
 * Authorization header, so these calls are made unauthenticated and never trigger a token renewal.
 */

const TOKEN_PATH = '/authentication/v2/token';
const REVOKE_PATH = '/authentication/v2/revoke';
const DISCOVERY_PATH = '/.well-known/openid-configuration';

export interface ExchangeCodeInput {
  clientId: string;
  code: string;
  redirectUri: string;
  codeVerifier: string;
}

export function exchangeCode(input: ExchangeCodeInput, signal: AbortSignal): Promise<TokenResponse> {
  return requestJson<TokenResponse>(TOKEN_PATH, {
    signal,
    method: 'POST',
    authenticated: false,
    form: {
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      code_verifier: input.codeVerifier,
      client_id: input.clientId,
    },
  });
}

export interface RefreshTokenInput {
  clientId: string;
  refreshToken: string;
  /** Leave out to keep the scopes of the original grant. */
  scope?: string;
}

export function refreshToken(input: RefreshTokenInput, signal: AbortSignal): Promise<TokenResponse> {
  return requestJson<TokenResponse>(TOKEN_PATH, {
    signal,
    method: 'POST',
    authenticated: false,
    form: {
      grant_type: 'refresh_token',
      refresh_token: input.refreshToken,
      client_id: input.clientId,
      scope: input.scope,
    },
  });
}

export interface RevokeTokenInput {
  clientId: string;
  token: string;
  tokenTypeHint: 'access_token' | 'refresh_token';
  /** Sent with keepalive, so it reaches the platform even when the app leaves the page at once. */
  keepalive?: boolean;
}

export function revokeToken(input: RevokeTokenInput, signal: AbortSignal): Promise<void> {
  return requestVoid(REVOKE_PATH, {
    signal,
    method: 'POST',
    authenticated: false,
    keepalive: input.keepalive,
    form: { token: input.token, token_type_hint: input.tokenTypeHint, client_id: input.clientId },
  });
}

/** The platform's OpenID Connect discovery document (on the issuer; the gateway forwards APS's). */
export function getOpenIdConfiguration(signal: AbortSignal): Promise<Partial<OpenIdConfiguration>> {
  return requestJson<Partial<OpenIdConfiguration>>(DISCOVERY_PATH, { signal, authenticated: false });
}

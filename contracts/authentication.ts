/** Wire types of Authentication v2, shared by the app and the platform. */

export const SCOPES = [
  'data:read',
  'data:write',
  'data:create',
  'data:search',
  'viewables:read',
  'code:all',
  'bucket:create',
  'bucket:read',
  'bucket:update',
  'bucket:delete',
  'account:read',
  'account:write',
  'user:read',
  'user:write',
  'user-profile:read',
  'openid',
] as const;

export type Scope = (typeof SCOPES)[number];

export const APP_TYPES = ['spa', 'web', 'server'] as const;
export type AppType = (typeof APP_TYPES)[number];

export type GrantType = 'authorization_code' | 'client_credentials' | 'refresh_token';

/** `POST /authentication/v2/token` success body. */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
  id_token?: string;
}

/**
 * Error body of the OAuth endpoints. It carries both the RFC 6749 fields that OAuth libraries read
 * and the APS gateway fields that APS clients read.
 */
export interface OAuthErrorBody {
  error: string;
  error_description: string;
  developerMessage: string;
  userMessage: string;
  errorCode: string;
  'more info': string;
}

/** Error body of the APS gateway for an API call with a missing, bad or under-privileged token. */
export interface ApsAuthErrorBody {
  developerMessage: string;
  userMessage: string;
  errorCode: string;
  'more info': string;
}

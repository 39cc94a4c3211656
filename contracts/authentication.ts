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

/** `POST /authentication/v2/introspect`: an inactive (unknown, expired, revoked or foreign) token is `{active: false}` only. */
export type IntrospectResponse =
  { active: false } | { active: true; scope: string; client_id: string; exp: number; userid?: string };

/** `GET /userinfo` (3-legged tokens only): the OIDC claims of the signed-in user that the platform knows. */
export interface UserInfo {
  sub: string;
  name: string;
  given_name: string;
  family_name: string;
  preferred_username: string;
  email: string;
  email_verified: boolean;
  locale: string;
  updated_at: number;
  is_2fa_enabled: boolean;
  ldap_enabled: boolean;
  language: string;
  created_date: string;
  eidm_guid: string;
  opt_in: boolean;
}

/** `GET /.well-known/openid-configuration`. */
export interface OpenIdConfiguration {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri: string;
  revocation_endpoint: string;
  /** The APS schema spells it so; its own example uses `revocation_endpoint`. Both are sent. */
  revoke_endpoint: string;
  introspection_endpoint: string;
  end_session_endpoint: string;
  scopes_supported: string[];
  response_types_supported: string[];
  response_modes_supported: string[];
  grant_types_supported: GrantType[];
  subject_types_supported: string[];
  id_token_signing_alg_values_supported: string[];
  token_endpoint_auth_methods_supported: string[];
  code_challenge_methods_supported: string[];
  claims_supported: string[];
  /**
   * The `prompt` values `/authorize` honours (discovery metadata from OpenID Connect's "Initiating User
   * Registration"). APS documents only `login` and does not list them, so an app tries `prompt=none`
   * only where this names it.
   */
  prompt_values_supported?: string[];
}

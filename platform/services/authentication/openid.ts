import { SCOPES, type OpenIdConfiguration, type UserInfo } from '../../../contracts/authentication';
import type { User } from '../../storage/repos/users';

/**
 * OIDC discovery for this platform. Every endpoint lives on the issuer (APS puts `/userinfo` on a
 * host of its own; a local platform has only one), and only what is implemented is advertised.
 */
export function openIdConfiguration(issuer: string): OpenIdConfiguration {
  const v2 = `${issuer}/authentication/v2`;
  return {
    issuer,
    authorization_endpoint: `${v2}/authorize`,
    token_endpoint: `${v2}/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    jwks_uri: `${v2}/keys`,
    revocation_endpoint: `${v2}/revoke`,
    revoke_endpoint: `${v2}/revoke`,
    introspection_endpoint: `${v2}/introspect`,
    end_session_endpoint: `${v2}/logout`,
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'client_credentials', 'refresh_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    code_challenge_methods_supported: ['S256'],
    prompt_values_supported: ['none', 'login', 'consent'],
    claims_supported: [
      'sub',
      'name',
      'given_name',
      'family_name',
      'preferred_username',
      'email',
      'email_verified',
      'nonce',
    ],
  };
}

/**
 * The user's profile as APS's userinfo gives it, from what the platform keeps: fields it has no
 * source for (phone, address, pictures, social accounts) are left out rather than invented.
 */
export function userInfoOf(user: User): UserInfo {
  const [given = '', ...rest] = user.name.trim().split(/\s+/);
  const created = Math.floor(user.createdAt.getTime() / 1000);
  return {
    sub: user.id,
    name: user.name,
    given_name: given,
    family_name: rest.join(' '),
    preferred_username: user.email,
    email: user.email,
    // Accounts are made by the platform's administrator, who vouches for the address.
    email_verified: true,
    locale: 'en-US',
    updated_at: created,
    is_2fa_enabled: false,
    ldap_enabled: false,
    language: 'en',
    created_date: user.createdAt.toISOString(),
    eidm_guid: user.id,
    opt_in: false,
  };
}

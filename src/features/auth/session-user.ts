import type { TokenResponse } from '../../../contracts/authentication';
import { readJwtClaims } from '../../lib/jwt';

/** Who is signed in, as far as the tokens tell: the ID token when `openid` was granted, else the access token. */
export interface SessionUser {
  name: string | null;
  email: string | null;
  id: string | null;
}

export function userFromTokens(tokens: TokenResponse): SessionUser {
  const sources = [tokens.id_token, tokens.access_token]
    .map((token) => (token ? readJwtClaims(token) : null))
    .filter((claims): claims is Record<string, unknown> => claims !== null);
  const pick = (...names: string[]) => {
    for (const claims of sources) {
      for (const name of names) {
        const value = claims[name];
        if (typeof value === 'string' && value.trim() !== '') return value.trim();
      }
    }
    return null;
  };
  const fullName = [pick('given_name'), pick('family_name')].filter(Boolean).join(' ');
  return {
    name: pick('name') ?? (fullName || null) ?? pick('preferred_username'),
    email: pick('email'),
    id: pick('userid', 'sub'),
  };
}

export function userLabel(user: SessionUser): string {
  return user.name ?? user.email ?? user.id ?? 'Signed-in user';
}

export interface Who {
  app: string | null;
  user: string | null;
}

function jwtClaims(token: string): Record<string, unknown> | null {
  try {
    const claims: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return claims !== null && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const text = (value: unknown) => (typeof value === 'string' && value.length <= 200 ? value : null);

/**
 * Who a request says it comes from, for display only: the claims of a Bearer JWT read without
 * checking it, the client id of Basic credentials, or a form's `client_id`. Used where no token check
 * ran (sign-in, the token endpoint, refused tokens); where one ran, its claims are taken instead.
 */
export function claimedIdentity(authorization: string | null, form: URLSearchParams | null): Who {
  const [scheme = '', credential = ''] = (authorization ?? '').trim().split(/\s+/);
  if (/^bearer$/i.test(scheme)) {
    const claims = jwtClaims(credential);
    return { app: text(claims?.['client_id']), user: text(claims?.['userid']) };
  }
  if (/^basic$/i.test(scheme)) {
    const pair = Buffer.from(credential, 'base64').toString('utf8');
    return { app: text(decodeURIComponent(pair.split(':')[0] ?? '')) || null, user: null };
  }
  return { app: text(form?.get('client_id')), user: null };
}

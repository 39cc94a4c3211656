import { base64UrlDecode } from './base64url';

/**
 * Reads a JWT's claims without checking its signature. Only for display (who is signed in): the
 * platform, not the app, decides whether a token is valid.
 */
export function readJwtClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(new TextDecoder().decode(base64UrlDecode(payload)));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

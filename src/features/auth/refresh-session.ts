import { refreshToken } from '../../api/authentication/requests';
import { ApiError } from '../../api/http';
import { getSession, sessionActions } from './session-store';

const TRANSIENT = new Set([408, 429]);

/**
 * Renews the access token with the refresh token. Resolves to null when the platform says no (the
 * person must sign in again) but rethrows a network failure, a timeout or a rate limit: those pass,
 * and are no reason to end the session.
 */
export async function refreshSession(clientId: string): Promise<string | null> {
  const current = getSession()?.refreshToken;
  if (!current) return null;
  try {
    const tokens = await refreshToken({ clientId, refreshToken: current }, new AbortController().signal);
    sessionActions.tokensRefreshed(tokens);
    return tokens.access_token;
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && !TRANSIENT.has(error.status))
      return null;
    throw error;
  }
}

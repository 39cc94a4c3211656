import type { QueryClient } from '@tanstack/react-query';
import { revokeToken } from '../../api/authentication/requests';
import { getSession, sessionActions } from './session-store';

/**
 * Ends this tab's session at once and asks the platform to revoke its tokens in the background: the
 * person should not wait on the network to be signed out, and a failed revoke changes nothing for
 * them. `keepalive` lets the revokes finish when the tab leaves the page right after.
 */
export function endSessionHere(
  clientId: string,
  queryClient: QueryClient,
  { keepalive }: { keepalive: boolean },
): void {
  const session = getSession();
  sessionActions.signedOut();
  // Server data belongs to the person who fetched it; the next one starts from nothing.
  queryClient.clear();
  if (!session) return;
  const signal = new AbortController().signal;
  const revoke = (token: string, tokenTypeHint: 'access_token' | 'refresh_token') =>
    revokeToken({ clientId, token, tokenTypeHint, keepalive }, signal);
  const revokes = [revoke(session.accessToken, 'access_token')];
  if (session.refreshToken) revokes.push(revoke(session.refreshToken, 'refresh_token'));
  void Promise.allSettled(revokes);
}

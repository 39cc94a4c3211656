import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { revokeToken } from '../../api/authentication/requests';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { getSession, useSessionActions } from './session-store';

/**
 * Ends the session here at once, then asks the platform to revoke the tokens in the background: the
 * person should not wait on the network to be signed out, and a failed revoke changes nothing for them.
 */
export function useSignOut() {
  const { clientId } = useRuntimeConfig();
  const queryClient = useQueryClient();
  const { signedOut } = useSessionActions();

  return useCallback(() => {
    const session = getSession();
    signedOut();
    // Server data belongs to the person who fetched it; the next one starts from nothing.
    queryClient.clear();
    if (!session) return;
    const signal = new AbortController().signal;
    const revokes = [revokeToken({ clientId, token: session.accessToken, tokenTypeHint: 'access_token' }, signal)];
    if (session.refreshToken) revokes.push(revokeToken({ clientId, token: session.refreshToken, tokenTypeHint: 'refresh_token' }, signal));
    void Promise.allSettled(revokes);
  }, [clientId, queryClient, signedOut]);
}

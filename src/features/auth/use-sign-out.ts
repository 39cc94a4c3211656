import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { leaveTo } from '../../lib/browser-location';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { endSessionHere } from './end-session';
import { announce } from './session-channel';
import { signOutUrl } from './sign-in-flow';

/**
 * Signs out everywhere this browser is signed in: the app's other tabs (told through the channel,
 * each revokes its own tokens), this tab (its tokens revoked), and the platform's own browser
 * session, through its logout page, so the next sign-in asks for the password again. The logout
 * comes back to the app's callback URL, which shows the sign-in page.
 */
export function useSignOut() {
  const config = useRuntimeConfig();
  const queryClient = useQueryClient();

  return useCallback(() => {
    announce({ type: 'signed-out' });
    endSessionHere(config.clientId, queryClient, { keepalive: true });
    leaveTo(signOutUrl(config));
  }, [config, queryClient]);
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { endSessionHere } from './end-session';
import { listen } from './session-channel';

/**
 * Follows what the app's other tabs announce: when the person signs out in one, this tab ends its own
 * session too (the other tab has already ended the platform's), and its RequireSession then shows
 * the sign-in page. Mounted once, above the routes, so a tab on any page hears it.
 */
export function useSessionSync(): void {
  const { clientId } = useRuntimeConfig();
  const queryClient = useQueryClient();

  useEffect(
    () =>
      listen((message) => {
        if (message.type === 'signed-out') endSessionHere(clientId, queryClient, { keepalive: false });
      }),
    [clientId, queryClient],
  );
}

/** useSessionSync as an element, for the providers to render. */
export function SessionSync(): null {
  useSessionSync();
  return null;
}

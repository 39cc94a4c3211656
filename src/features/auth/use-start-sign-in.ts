import { useMutation } from '@tanstack/react-query';
import { leaveTo } from '../../lib/browser-location';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { prepareSignIn } from './sign-in-flow';

/** Sends the person to the platform's sign-in page; they come back to `returnTo` afterwards. */
export function useStartSignIn() {
  const config = useRuntimeConfig();
  return useMutation({
    mutationFn: async (returnTo: string) => {
      leaveTo(await prepareSignIn(config, returnTo));
    },
  });
}

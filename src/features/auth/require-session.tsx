import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useIsSignedIn, useSessionEnd } from './session-store';
import { signInPathFor } from './sign-in-flow';

/**
 * Shows its children only to a signed-in person. Anyone else goes to sign-in and comes back to this
 * very URL, unless they just signed out on purpose.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const signedIn = useIsSignedIn();
  const ended = useSessionEnd();
  const location = useLocation();
  if (signedIn) return children;
  const here = `${location.pathname}${location.search}${location.hash}`;
  return <Navigate to={signInPathFor(ended === 'signed-out' ? null : here)} replace />;
}

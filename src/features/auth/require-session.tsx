import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { JoinSession } from './join-session';
import { useIsSignedIn, useSessionEnd } from './session-store';
import { signInPathFor, silentSignInTried } from './sign-in-flow';

/**
 * Shows its children only to a signed-in person. A tab that never had a session first tries to join
 * the platform's (once); anyone else goes to sign-in and comes back to this very URL, unless they
 * just signed out on purpose.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const signedIn = useIsSignedIn();
  const ended = useSessionEnd();
  const location = useLocation();
  // Decided when the tab arrives, so the attempt's own bookkeeping does not switch it off half-way.
  const [mayJoin] = useState(() => !silentSignInTried());
  if (signedIn) return children;
  const here = `${location.pathname}${location.search}${location.hash}`;
  if (ended === null && mayJoin) return <JoinSession returnTo={here} />;
  return <Navigate to={signInPathFor(ended === 'signed-out' ? null : here)} replace />;
}

import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { getOpenIdConfiguration } from '../../api/authentication/requests';
import { leaveTo } from '../../lib/browser-location';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { SigningInCard } from './auth-card';
import { markSilentSignInTried, prepareSignIn, signInPathFor } from './sign-in-flow';

/**
 * A tab that opens the app without a session of its own (a link opened in a new tab) joins the
 * platform's browser session without a click: a sign-in with `prompt=none`, which comes straight back
 * with a code when the person is signed in to the platform and allowed the app, and otherwise with an
 * error that shows the sign-in page. The tab gets tokens of its own, so tabs never share a refresh
 * token (rotation would end the session when two used one). Only where the platform's discovery
 * document says it honours `prompt=none`: APS documents `prompt=login` only, so through the gateway a
 * new tab shows the sign-in page, as before.
 */
export function JoinSession({ returnTo }: { returnTo: string }) {
  const config = useRuntimeConfig();
  const [cannotJoin, setCannotJoin] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // The ref survives React's development double-run of effects, so the tab leaves once.
    if (started.current) return;
    started.current = true;
    markSilentSignInTried();
    const join = async () => {
      const discovery = await getOpenIdConfiguration(new AbortController().signal);
      if (!discovery.prompt_values_supported?.includes('none')) return false;
      leaveTo(await prepareSignIn(config, returnTo, { silent: true }));
      return true;
    };
    // Whatever stands in the way (no discovery, no prompt=none, no WebCrypto), the sign-in page remains.
    join().then(
      (leaving) => setCannotJoin(!leaving),
      () => setCannotJoin(true),
    );
  }, [config, returnTo]);

  if (cannotJoin) return <Navigate to={signInPathFor(returnTo)} replace />;
  return <SigningInCard />;
}

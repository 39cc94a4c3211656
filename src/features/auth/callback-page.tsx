import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { exchangeCode } from '../../api/authentication/requests';
import { describeError } from '../../api/describe-error';
import { Button } from '../../components/ui/button';
import { ErrorState, type ErrorDetail } from '../../components/ui/error-state';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { AuthCard, SigningInCard } from './auth-card';
import { readCallback } from './callback-result';
import { useSessionActions } from './session-store';
import { clearPendingSignIn, readPendingSignIn, SIGN_IN_PATH, signInPathFor, type PendingSignIn } from './sign-in-flow';
import { useStartSignIn } from './use-start-sign-in';

/**
 * Where the platform sends the person back: check `state`, trade the code for tokens, go on. The
 * platform's logout comes back here too (the one address registered for the app everywhere).
 */
export function CallbackPage() {
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const { signedIn } = useSessionActions();
  // Read once: the pending sign-in is removed as soon as its code is used.
  const [result] = useState(() => readCallback(params, readPendingSignIn()));
  const started = useRef(false);

  const exchange = useMutation({
    mutationFn: ({ code, pending }: { code: string; pending: PendingSignIn }) =>
      exchangeCode(
        { clientId: config.clientId, code, redirectUri: pending.redirectUri, codeVerifier: pending.codeVerifier },
        new AbortController().signal,
      ),
    onSuccess: (tokens, { pending }) => {
      // Anything cached belonged to an earlier session; a new one starts from nothing.
      queryClient.removeQueries();
      signedIn(tokens);
      void navigate(pending.returnTo, { replace: true });
    },
  });

  useEffect(() => {
    // The ref survives React's development double-run of effects, so the single-use code is sent once.
    if (started.current) return;
    started.current = true;
    clearPendingSignIn();
    if (result.kind === 'code') exchange.mutate({ code: result.code, pending: result.pending });
  }, [result, exchange]);

  if (result.kind === 'signed-out') return <Navigate to={SIGN_IN_PATH} replace />;
  if (result.kind === 'sign-in') return <Navigate to={signInPathFor(result.returnTo)} replace />;
  const returnTo = result.kind === 'code' ? result.pending.returnTo : '/';

  if (result.kind === 'problem') {
    const details = result.code ? [{ label: 'Code', value: result.code }] : [];
    return <SignInProblem title={result.title} message={result.message} details={details} returnTo={returnTo} />;
  }
  if (exchange.isError) {
    const { message, details, raw } = describeError(exchange.error);
    return (
      <SignInProblem
        title="Sign-in did not complete"
        message={message}
        details={details}
        raw={raw}
        returnTo={returnTo}
      />
    );
  }
  return <SigningInCard />;
}

interface SignInProblemProps {
  title: string;
  message: string;
  details: ErrorDetail[];
  raw?: string;
  returnTo: string;
}

function SignInProblem({ title, message, details, raw, returnTo }: SignInProblemProps) {
  const start = useStartSignIn();
  return (
    <AuthCard>
      <ErrorState headingLevel={1} title={title} message={message} details={details} raw={raw} />
      <div className="-mt-6 flex flex-col items-center gap-2">
        <Button variant="primary" loading={start.isPending || start.isSuccess} onClick={() => start.mutate(returnTo)}>
          Try again
        </Button>
        <Link
          to={SIGN_IN_PATH}
          className="text-xs text-neutral-500 underline-offset-2 hover:underline dark:text-neutral-400"
        >
          Back to the sign-in page
        </Link>
      </div>
    </AuthCard>
  );
}

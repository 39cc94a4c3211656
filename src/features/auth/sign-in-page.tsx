import { Navigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { AuthCard } from './auth-card';
import { useIsSignedIn, useSessionEnd } from './session-store';
import { safeReturnPath } from './sign-in-flow';
import { useStartSignIn } from './use-start-sign-in';

export function SignInPage() {
  const config = useRuntimeConfig();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('returnTo'));
  const signedIn = useIsSignedIn();
  const ended = useSessionEnd();
  const start = useStartSignIn();

  if (signedIn) return <Navigate to={returnTo} replace />;

  return (
    <AuthCard>
      <h1 className="text-base font-semibold text-neutral-900 dark:text-neutral-50">Sign in</h1>
      <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
        Browse hubs, projects and files on your platform. You sign in on the platform&rsquo;s own page and come straight
        back here.
      </p>

      <dl className="mt-4 rounded-md border border-neutral-200 bg-neutral-50 px-3 py-2 text-sm dark:border-neutral-800 dark:bg-neutral-950">
        <dt className="text-xs text-neutral-500 dark:text-neutral-400">Platform</dt>
        <dd className="font-medium text-neutral-900 dark:text-neutral-100">{config.platformName}</dd>
        <dd className="truncate font-mono text-xs text-neutral-500 dark:text-neutral-400">{config.platformUrl}</dd>
      </dl>

      <div className="mt-4 space-y-3">
        {ended === 'expired' && (
          <Alert tone="warning" title="Your session expired">
            Sign in again to pick up where you left off.
          </Alert>
        )}
        {ended === 'signed-out' && <Alert title="You signed out">Sign in again whenever you are ready.</Alert>}
        {start.isError && (
          <Alert tone="danger" title="Sign-in could not start">
            This browser refused to prepare a secure sign-in ({start.error.message}). Open the app over https or on
            127.0.0.1.
          </Alert>
        )}
      </div>

      <Button
        variant="primary"
        size="lg"
        className="mt-5 w-full"
        loading={start.isPending || start.isSuccess}
        onClick={() => start.mutate(returnTo)}
      >
        Sign in
      </Button>
    </AuthCard>
  );
}

import type { ReactNode } from 'react';
import { Brand } from '../../components/ui/brand';
import { Spinner } from '../../components/ui/spinner';

/** The full-page frame of the sign-in and callback screens. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-neutral-50 px-4 py-12 dark:bg-neutral-950">
      <div className="mb-6">
        <Brand size="lg" />
      </div>
      <div className="w-full max-w-sm rounded-xl border border-neutral-200 bg-white p-6 shadow-sm dark:border-neutral-800 dark:bg-neutral-900">
        {children}
      </div>
    </main>
  );
}

/** What a tab shows while a sign-in goes on without the person: the callback's exchange, a silent join. */
export function SigningInCard() {
  return (
    <AuthCard>
      <h1 className="sr-only">Signing in</h1>
      <p
        role="status"
        className="flex items-center justify-center gap-2 py-6 text-sm text-neutral-600 dark:text-neutral-300"
      >
        <Spinner />
        Signing you in…
      </p>
    </AuthCard>
  );
}

import type { ReactNode } from 'react';
import { Brand } from '../components/ui/brand';

/** The frame for screens shown before, or instead of, the app itself. */
export function FullPageMessage({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-neutral-50 px-4 py-12 dark:bg-neutral-950">
      <div className="mb-6">
        <Brand size="lg" />
      </div>
      <div className="w-full max-w-lg">{children}</div>
    </main>
  );
}

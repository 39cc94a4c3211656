import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AppRuntimeConfig } from '../../contracts/app-config';
import { ToastViewport } from '../components/ui/toast-viewport';
import { SessionSync } from '../features/auth/use-session-sync';
import { RuntimeConfigProvider } from '../lib/runtime-config-context';

export function AppProviders({
  config,
  queryClient,
  children,
}: {
  config: AppRuntimeConfig;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <RuntimeConfigProvider config={config}>
        {children}
        <ToastViewport />
        <SessionSync />
      </RuntimeConfigProvider>
    </QueryClientProvider>
  );
}

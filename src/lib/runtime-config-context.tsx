import { createContext, useContext, type ReactNode } from 'react';
import type { AppRuntimeConfig } from '../../contracts/app-config';

const RuntimeConfigContext = createContext<AppRuntimeConfig | null>(null);

export function RuntimeConfigProvider({ config, children }: { config: AppRuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext.Provider value={config}>{children}</RuntimeConfigContext.Provider>;
}

export function useRuntimeConfig(): AppRuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig needs a RuntimeConfigProvider above it.');
  return config;
}

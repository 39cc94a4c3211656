import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { loadOnce, usePreloadWhenIdle } from '../../lib/load-once';
import type { UploadRunner } from './upload-runner';

/** The upload runner, loaded with the first file a person picks (or once the first screen is idle), not with that screen. */
export type RunnerSource = () => Promise<UploadRunner>;

const RunnerContext = createContext<RunnerSource | null>(null);

/** One runner for the signed-in app, held above the routes so uploads go on while the person browses. Tests pass their own. */
export function UploadRunnerProvider({ children, runner: given }: { children: ReactNode; runner?: UploadRunner }) {
  const queryClient = useQueryClient();
  const [source] = useState<RunnerSource>(() =>
    given
      ? () => Promise.resolve(given)
      : loadOnce(() => import('./api-upload-runner').then((module) => module.apiUploadRunner(queryClient))),
  );
  usePreloadWhenIdle(source);
  return <RunnerContext.Provider value={source}>{children}</RunnerContext.Provider>;
}

export function useUploadRunner(): RunnerSource {
  const source = useContext(RunnerContext);
  if (!source) throw new Error('useUploadRunner needs an UploadRunnerProvider above it.');
  return source;
}

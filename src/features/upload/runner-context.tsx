import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { apiSteps } from './api-steps';
import { createUploadRunner, type UploadRunner } from './upload-runner';
import { xhrPartSender } from './xhr-part-sender';

const RunnerContext = createContext<UploadRunner | null>(null);

/** One runner for the signed-in app, held above the routes so uploads go on while the person browses. Tests pass their own. */
export function UploadRunnerProvider({ children, runner: given }: { children: ReactNode; runner?: UploadRunner }) {
  const queryClient = useQueryClient();
  const [runner] = useState(() => given ?? createUploadRunner({ steps: apiSteps(queryClient), sendPart: xhrPartSender }));
  return <RunnerContext.Provider value={runner}>{children}</RunnerContext.Provider>;
}

export function useUploadRunner(): UploadRunner {
  const runner = useContext(RunnerContext);
  if (!runner) throw new Error('useUploadRunner needs an UploadRunnerProvider above it.');
  return runner;
}

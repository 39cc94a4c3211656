import { Suspense, type ReactNode } from 'react';
import { lazyPart, usePreloadWhenIdle } from '../../lib/load-once';
import { UploadRunnerProvider } from './runner-context';
import { usePendingBatch, useUploadStore } from './upload-store';

// Shown only once files are picked: kept out of the first screen's JavaScript.
const UploadPanel = lazyPart(() => import('./upload-panel').then((module) => module.UploadPanel));
const ConflictDialog = lazyPart(() => import('./conflict-dialog').then((module) => module.ConflictDialog));

/** What the app layout mounts once: the runner, the queue panel and the conflict question. */
export function UploadHost({ children }: { children: ReactNode }) {
  const queued = useUploadStore((state) => state.entries.length > 0);
  const asking = usePendingBatch() !== null;
  usePreloadWhenIdle(UploadPanel.preload, ConflictDialog.preload);
  return (
    <UploadRunnerProvider>
      {children}
      <Suspense fallback={null}>
        {queued && <UploadPanel />}
        {asking && <ConflictDialog />}
      </Suspense>
    </UploadRunnerProvider>
  );
}

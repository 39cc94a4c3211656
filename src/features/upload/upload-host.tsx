import type { ReactNode } from 'react';
import { ConflictDialog } from './conflict-dialog';
import { UploadRunnerProvider } from './runner-context';
import { UploadPanel } from './upload-panel';

/** What the app layout mounts once: the runner, the queue panel and the conflict question. */
export function UploadHost({ children }: { children: ReactNode }) {
  return (
    <UploadRunnerProvider>
      {children}
      <UploadPanel />
      <ConflictDialog />
    </UploadRunnerProvider>
  );
}

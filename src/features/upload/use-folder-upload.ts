import { useCallback } from 'react';
import { showToast } from '../../components/ui/toast-store';
import type { ConflictChoice } from './conflicts';
import { planBatch, type FolderPlace, type PickedFile } from './plan-batch';
import { useUploadRunner } from './runner-context';
import { uploadActions } from './upload-store';

/** Asks through the conflict dialog (which reads the store's pending batch) and waits for the answer. */
const askInDialog = (conflicts: string[], batchSize: number) =>
  new Promise<ConflictChoice | null>((resolve) => {
    uploadActions().conflictsFound({
      conflicts,
      batchSize,
      decide: (choice) => {
        uploadActions().conflictsFound(null);
        resolve(choice);
      },
    });
  });

/** Starts the upload of picked or dropped files into a folder. */
export function useFolderUpload(place: FolderPlace) {
  const loadRunner = useUploadRunner();
  const { hubId, projectId, folderId } = place;
  return useCallback(
    async (picked: PickedFile[], comment?: string) => {
      if (picked.length === 0) return;
      try {
        const runner = await loadRunner();
        const batch = await planBatch(
          picked,
          { hubId, projectId, folderId },
          runner.steps,
          askInDialog,
          new AbortController().signal,
          comment,
        );
        if (!batch) return;
        runner.filesDropped(batch.uploads, batch.files);
      } catch (error) {
        showToast({
          tone: 'error',
          title: 'Could not start the upload',
          message: error instanceof Error ? error.message : String(error),
        });
      }
    },
    [loadRunner, hubId, projectId, folderId],
  );
}

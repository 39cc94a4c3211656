import { Suspense, useState } from 'react';
import {
  FolderPage,
  type FolderMenuSlot,
  type FolderUploadSlot,
  type PickedFile,
  type PickedFilesSlot,
} from '../features/browse/folder-page';
import { FolderDropZone, FolderUploadButton } from '../features/upload/folder-upload';
import type { NotifyFolder } from '../features/webhooks/notify-plan';
import { lazyPart } from '../lib/load-once';

// Opened from a folder's menu: fetched when asked for, not with the folder.
const BatchTranslateDialog = lazyPart(() =>
  import('../features/translate/batch-translate-dialog').then((module) => module.BatchTranslateDialog),
);
const NotifyDialog = lazyPart(() => import('../features/webhooks/notify-dialog').then((module) => module.NotifyDialog));

/** Uploading into the folder, from the upload feature. */
const upload: FolderUploadSlot = {
  button: (place) => <FolderUploadButton place={place} />,
  dropZone: (place, folderName, contents) => (
    <FolderDropZone place={place} folderName={folderName}>
      {contents}
    </FolderDropZone>
  ),
};

/** Browse's folder page with uploads, translations and webhooks plugged in: the features meet here. */
export function FolderRoute() {
  const [notifying, setNotifying] = useState<NotifyFolder | null>(null);
  const [translating, setTranslating] = useState<PickedFile[] | null>(null);
  const folderMenu: FolderMenuSlot = (folder) => [
    { label: 'Notify a URL of changes…', run: () => setNotifying(folder) },
  ];
  const pickedFiles: PickedFilesSlot = (files) => [
    { label: `Translate ${files.length}…`, run: () => setTranslating(files) },
  ];
  return (
    <>
      <FolderPage upload={upload} folderMenu={folderMenu} pickedFiles={pickedFiles} />
      {translating && (
        <Suspense fallback={null}>
          <BatchTranslateDialog designs={translating} onClose={() => setTranslating(null)} />
        </Suspense>
      )}
      {notifying && (
        <Suspense fallback={null}>
          <NotifyDialog folder={notifying} onClose={() => setNotifying(null)} />
        </Suspense>
      )}
    </>
  );
}

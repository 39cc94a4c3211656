import type { ReactNode } from 'react';
import { DropZone } from './drop-zone';
import type { FolderPlace } from './plan-batch';
import { RecentUploadsHighlight } from './recent-uploads';
import { UploadButton } from './upload-button';
import { useFolderUpload } from './use-folder-upload';

/** The folder toolbar's "Upload" button. */
export function FolderUploadButton({ place }: { place: FolderPlace }) {
  const upload = useFolderUpload(place);
  return <UploadButton onFiles={(files) => void upload(files.map((file) => ({ file, name: file.name, path: [] })))} />;
}

/** The folder view as a drop target for files and whole folders. */
export function FolderDropZone({ place, folderName, children }: { place: FolderPlace; folderName: string; children: ReactNode }) {
  const upload = useFolderUpload(place);
  return (
    <DropZone label={`“${folderName}”`} onDrop={(files) => void upload(files)}>
      {children}
      <RecentUploadsHighlight place={place} />
    </DropZone>
  );
}

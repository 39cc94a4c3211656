import type { ReactNode } from 'react';
import { DropZone } from './drop-zone';
import type { FolderPlace } from './plan-batch';
import { RecentUploadsHighlight } from './recent-uploads';
import { CommentUploadButton } from './comment-upload';
import { UploadButton } from './upload-button';
import { useFolderUpload } from './use-folder-upload';

/** The folder toolbar's "Upload" button. */
export function FolderUploadButton({ place }: { place: FolderPlace }) {
  const upload = useFolderUpload(place);
  const picked = (files: File[]) => files.map((file) => ({ file, name: file.name, path: [] }));
  return (
    <>
      <CommentUploadButton onFiles={(files, comment) => void upload(picked(files), comment)} />
      <UploadButton onFiles={(files) => void upload(picked(files))} />
    </>
  );
}

/** The folder view as a drop target for files and whole folders. */
export function FolderDropZone({
  place,
  folderName,
  children,
}: {
  place: FolderPlace;
  folderName: string;
  children: ReactNode;
}) {
  const upload = useFolderUpload(place);
  return (
    <DropZone label={`“${folderName}”`} onDrop={(files) => void upload(files)}>
      {children}
      <RecentUploadsHighlight place={place} />
    </DropZone>
  );
}

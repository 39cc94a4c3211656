import { FolderPage, type FolderUploadSlot } from '../features/browse/folder-page';
import { FolderDropZone, FolderUploadButton } from '../features/upload/folder-upload';

/** Browse's folder page with uploads plugged in: the two features meet here. */
const upload: FolderUploadSlot = {
  button: (place) => <FolderUploadButton place={place} />,
  dropZone: (place, folderName, contents) => (
    <FolderDropZone place={place} folderName={folderName}>
      {contents}
    </FolderDropZone>
  ),
};

export function FolderRoute() {
  return <FolderPage upload={upload} />;
}

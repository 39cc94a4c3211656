import { useRef } from 'react';
import { Button } from '../../components/ui/button';
import { ArrowUpIcon } from '../../components/ui/icons';

/** "Upload": opens the file picker; the chosen files go to `onFiles`. */
export function UploadButton({ onFiles, label = 'Upload' }: { onFiles: (files: File[]) => void; label?: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button size="sm" variant="primary" onClick={() => input.current?.click()}>
        <ArrowUpIcon className="size-3.5" />
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label="Files to upload"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared so choosing the same file again (a new version) fires a change again.
          event.target.value = '';
          onFiles(files);
        }}
      />
    </>
  );
}

import { useRef, useState, type ReactNode } from 'react';
import { droppedFiles } from './dropped-files';
import type { PickedFile } from './plan-batch';

const hasFiles = (event: React.DragEvent) => event.dataTransfer.types.includes('Files');

/** Takes files and folders dropped anywhere on `children`, with an overlay saying where they go. */
export function DropZone({
  label,
  onDrop,
  children,
}: {
  label: string;
  onDrop: (files: PickedFile[]) => void;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed; a count tells when the pointer really left.
  const depth = useRef(0);
  return (
    <div
      className="relative flex min-h-0 flex-1 flex-col"
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setOver(true);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        depth.current = 0;
        setOver(false);
        void droppedFiles(event.dataTransfer).then(onDrop);
      }}
    >
      {children}
      {over && (
        <div
          role="status"
          className="pointer-events-none absolute inset-2 z-20 flex items-center justify-center rounded-lg border-2 border-dashed border-accent-500 bg-accent-50/80 text-sm font-medium text-accent-800 dark:bg-neutral-900/80 dark:text-accent-100"
        >
          Drop files or folders to upload to {label}
        </div>
      )}
    </div>
  );
}

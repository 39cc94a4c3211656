import { useId, useState } from 'react';
import { cx } from '../../lib/class-names';
import { zipProblem } from './use-bundle-upload';

/** A zip by drag and drop or by the file dialog; the file chosen is named, and how far it has gone shows while it uploads. */
export function ZipDrop({
  file,
  onFile,
  progress,
}: {
  file: File | null;
  onFile: (file: File) => void;
  progress: number | null;
}) {
  const id = useId();
  const [over, setOver] = useState(false);
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const dropped = event.dataTransfer.files[0];
        if (dropped) onFile(dropped);
      }}
      className={cx(
        'space-y-2 rounded-md border-2 border-dashed p-4 text-sm',
        over ? 'border-accent-500 bg-accent-50 dark:bg-accent-950' : 'border-neutral-300 dark:border-neutral-700',
      )}
    >
      <p>Drop the appbundle's zip here, or choose it:</p>
      <label htmlFor={id} className="sr-only">
        Zip file
      </label>
      <input
        id={id}
        type="file"
        accept=".zip,application/zip"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) onFile(chosen);
        }}
        className="text-xs"
      />
      {file && (
        <p className="text-xs">
          Chosen: <span className="font-mono">{file.name}</span> ({file.size} bytes)
        </p>
      )}
      {file && zipProblem(file) && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {zipProblem(file)}
        </p>
      )}
      {progress !== null && (
        <div
          role="progressbar"
          aria-label="Upload of the zip"
          aria-valuenow={Math.round(progress * 100)}
          aria-valuemin={0}
          aria-valuemax={100}
          className="h-1.5 w-full overflow-hidden rounded bg-neutral-100 dark:bg-neutral-800"
        >
          <div className="h-full bg-accent-500 transition-[width]" style={{ width: `${progress * 100}%` }} />
        </div>
      )}
    </div>
  );
}

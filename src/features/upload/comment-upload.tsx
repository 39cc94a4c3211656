import { useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ModalDialog } from '../../components/ui/modal-dialog';

const MAX_COMMENT = 1024;

/**
 * "Upload with comment…": the comment is asked first, then the files are picked; every version the
 * upload makes carries it.
 */
export function CommentUploadButton({ onFiles }: { onFiles: (files: File[], comment: string) => void }) {
  const [open, setOpen] = useState(false);
  const [comment, setComment] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        Upload with comment…
      </Button>
      {open && (
        <ModalDialog title="Upload with a version comment" onCancel={() => setOpen(false)}>
          <div className="space-y-3">
            <label htmlFor={id} className="block text-sm">
              Version comment
            </label>
            <textarea
              id={id}
              value={comment}
              maxLength={MAX_COMMENT}
              rows={3}
              autoFocus
              onChange={(event) => setComment(event.target.value)}
              placeholder="What changed in this version"
              className="w-full rounded-md border border-neutral-300 bg-white p-2 text-sm focus-visible:outline-2 focus-visible:outline-accent-500 dark:border-neutral-700 dark:bg-neutral-950"
            />
            <div className="flex justify-end gap-2">
              <Button variant="ghost" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button variant="primary" disabled={!comment.trim()} onClick={() => input.current?.click()}>
                Choose files…
              </Button>
            </div>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              aria-label="Files for the commented upload"
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = '';
                if (!files.length) return;
                setOpen(false);
                onFiles(files, comment.trim());
                setComment('');
              }}
            />
          </div>
        </ModalDialog>
      )}
    </>
  );
}

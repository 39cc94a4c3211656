import { useMemo } from 'react';
import type { FolderPlace } from './plan-batch';
import { useUploadEntries } from './upload-store';

/** Accent at low alpha, so one rule reads on light and dark rows alike. */
const HIGHLIGHT = 'background-color: rgb(59 130 246 / 0.14); box-shadow: inset 3px 0 0 rgb(37 99 235);';

/** `name` inside a double-quoted CSS string: quotes and backslashes escaped, line breaks as `\a`. */
const cssString = (name: string) => name.replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ');

/**
 * Marks the rows of the files just uploaded into this folder, for as long as they stay in the queue.
 * Browse owns the grid and knows nothing of uploads (features do not import each other), so the rows
 * are found by what the grid already shows: the row header's link, titled with the item's name.
 */
export function RecentUploadsHighlight({ place }: { place: FolderPlace }) {
  const entries = useUploadEntries();
  const names = useMemo(
    () =>
      entries
        .filter(
          ({ status, target }) =>
            status === 'done' &&
            target.kind === 'folder' &&
            target.path.length === 0 &&
            target.projectId === place.projectId &&
            target.folderId === place.folderId,
        )
        .map((entry) => entry.name),
    [entries, place.projectId, place.folderId],
  );
  if (names.length === 0) return null;
  const selector = names
    .map((name) => `[role="grid"] [role="row"]:has(> [role="rowheader"] a[title="${cssString(name)}"])`)
    .join(',\n');
  return <style>{`${selector} { ${HIGHLIGHT} }`}</style>;
}

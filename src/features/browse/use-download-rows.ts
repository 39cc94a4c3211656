import { useState } from 'react';
import { describeError } from '../../api/describe-error';
import { getSignedDownloadForUrn } from '../../api/oss/requests';
import { showToast } from '../../components/ui/toast-store';
import { saveUrl } from '../../lib/save-url';
import { uniquePaths, zipFiles } from '../../lib/zip-files';
import type { ContentRow } from './content-rows';

/** The picked rows that hold a file to download: files, not deleted, with a stored tip. */
export const downloadableRows = (rows: readonly ContentRow[]) =>
  rows.filter((row) => row.kind === 'item' && !row.hidden && row.tipStorageId !== null);

async function bytesOf(row: ContentRow): Promise<Uint8Array> {
  const signed = await getSignedDownloadForUrn(row.tipStorageId!, { fileName: row.name }, new AbortController().signal);
  if (!signed.url)
    throw new Error(`The platform offered ${row.name} only in parts, which the app cannot download yet.`);
  const response = await fetch(signed.url);
  if (!response.ok) throw new Error(`The platform answered ${response.status} for ${row.name}.`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Many files in one zip, each as its latest version, named as listed (a repeated name numbered):
 * read one at a time through signed URLs and packed in the browser. `packing` counts them in.
 */
export function useDownloadRows() {
  const [packing, setPacking] = useState<{ done: number; total: number } | null>(null);
  const download = async (rows: readonly ContentRow[], zipName: string) => {
    const files = downloadableRows(rows);
    if (files.length === 0) return;
    const paths = uniquePaths(files.map((row) => row.name));
    setPacking({ done: 0, total: files.length });
    try {
      const entries = files.map((row, index) => ({ path: paths[index]!, read: () => bytesOf(row) }));
      const zip = await zipFiles(entries, (done) => setPacking({ done, total: files.length }));
      const url = URL.createObjectURL(zip);
      saveUrl(url, zipName);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      showToast({ tone: 'success', title: `Downloaded ${files.length} ${files.length === 1 ? 'file' : 'files'}` });
    } catch (failure) {
      showToast({ tone: 'error', title: "Couldn't download the files", message: describeError(failure).message });
    } finally {
      setPacking(null);
    }
  };
  return { download, packing };
}

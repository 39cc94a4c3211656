import { useState } from 'react';
import type { DaAppBundle } from '../../../contracts/design-automation';
import { uploadAppBundleZip } from '../../api/design-automation/requests';

/** `limitAppUploadSizeInMB`: the store refuses more, so the app says so before sending any of it. */
export const MAX_BUNDLE_BYTES = 100 * 1024 * 1024;

/** What is wrong with a file chosen as an appbundle's zip, in words; null when it may be sent. */
export function zipProblem(file: { name: string; size: number }): string | null {
  if (!/\.zip$/i.test(file.name)) return `${file.name} is not a zip: an appbundle is uploaded as a .zip of its files.`;
  if (file.size > MAX_BUNDLE_BYTES) return `${file.name} is larger than the 100 MB an appbundle may be.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

/** Posts a zip with the form a new appbundle or version came with, tracking how far it has gone (0 to 1). */
export function useBundleUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const upload = async (bundle: DaAppBundle, zip: File) => {
    if (!bundle.uploadParameters) throw new Error('The platform gave no upload form for this appbundle.');
    const problem = zipProblem(zip);
    if (problem) throw new Error(problem);
    setProgress(0);
    await uploadAppBundleZip(
      bundle.uploadParameters,
      zip,
      (sent, total) => setProgress(total > 0 ? sent / total : 0),
      new AbortController().signal,
    );
    setProgress(1);
  };
  return { progress, upload };
}

import { useState } from 'react';
import type { DaAppBundle } from '../../../contracts/design-automation';
import { uploadAppBundleZip } from '../../api/design-automation/requests';

/** Posts a zip with the form a new appbundle or version came with, tracking how far it has gone (0 to 1). */
export function useBundleUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const upload = async (bundle: DaAppBundle, zip: File) => {
    if (!bundle.uploadParameters) throw new Error('The platform gave no upload form for this appbundle.');
    setProgress(0);
    await uploadAppBundleZip(bundle.uploadParameters, zip, (sent, total) => setProgress(total > 0 ? sent / total : 0), new AbortController().signal);
    setProgress(1);
  };
  return { progress, upload };
}

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ManifestResource } from '../../../contracts/model-derivative';
import { describeError } from '../../api/describe-error';
import { mdQueries } from '../../api/model-derivative/queries';
import { Button } from '../../components/ui/button';
import { DownloadIcon } from '../../components/ui/icons';
import { formatBytes } from '../../lib/format-bytes';
import { saveUrl } from '../../lib/save-url';

/** Roles whose files people download; viewables and databases are read by the app itself. */
export const DOWNLOADABLE_ROLES = ['obj', 'mtl', 'stl', 'ifc', 'pdf'];

/** The file's name: the last segment of its derivative URN. */
export const derivativeFileName = (derivativeUrn: string) => derivativeUrn.slice(derivativeUrn.lastIndexOf('/') + 1);

/** Asks for a signed URL (signedcookies) and saves the file from it; the URL carries its own signature, so a plain fetch works. */
export function DerivativeDownload({
  urn,
  resource,
  sourceName,
}: {
  urn: string;
  resource: ManifestResource;
  sourceName: string;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const derivativeUrn = resource.urn;
  if (!derivativeUrn || resource.status !== 'success') return null;
  const file = derivativeFileName(derivativeUrn);
  const saveAs = `${sourceName.replace(/\.[^.]+$/, '')}.${file.split('.').pop() ?? resource.role}`;
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const signed = await queryClient.fetchQuery(mdQueries.signedDownload(urn, derivativeUrn));
      // The URL is on the platform's origin, where a link's `download` name is ignored and the browser
      // would open the file in place; reading it into a blob keeps the name and the page.
      const response = await fetch(signed.url);
      if (!response.ok) throw new Error(`The platform answered ${response.status} for ${file}.`);
      const blobUrl = URL.createObjectURL(await response.blob());
      saveUrl(blobUrl, saveAs);
      setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
    } catch (cause) {
      setError(describeError(cause).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <Button size="sm" loading={busy} onClick={() => void download()}>
        <DownloadIcon className="size-3.5" /> Download {resource.role.toUpperCase()}
        {resource.size !== undefined && (
          <span className="font-normal text-neutral-500"> ({formatBytes(resource.size)})</span>
        )}
      </Button>
      {error && (
        <span role="alert" className="text-xs text-red-700 dark:text-red-300">
          {error}
        </span>
      )}
    </span>
  );
}

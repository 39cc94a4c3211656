import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Manifest } from '../../../contracts/model-derivative';
import { describeError } from '../../api/describe-error';
import { mdQueries } from '../../api/model-derivative/queries';
import { Button } from '../../components/ui/button';
import { DownloadIcon } from '../../components/ui/icons';
import { saveUrl } from '../../lib/save-url';
import { derivativeFiles, zipDerivatives, type DerivativeFile } from './derivatives-zip';

/**
 * Every derivative of a design in one zip, with its manifest, to keep and open offline: the cloud
 * has no such download, so the app asks for each file's signed URL and packs them itself.
 */
export function DownloadAllDerivatives({
  urn,
  manifest,
  sourceName,
}: {
  urn: string;
  manifest: Manifest;
  sourceName: string;
}) {
  const queryClient = useQueryClient();
  const [done, setDone] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const files = derivativeFiles(manifest);
  if (files.length === 0) return null;
  const read = async (file: DerivativeFile) => {
    const signed = await queryClient.fetchQuery(mdQueries.signedDownload(urn, file.derivativeUrn));
    const response = await fetch(signed.url);
    if (!response.ok) throw new Error(`The platform answered ${response.status} for ${file.path}.`);
    return new Uint8Array(await response.arrayBuffer());
  };
  const download = async () => {
    setDone(0);
    setError(null);
    try {
      const zip = await zipDerivatives(manifest, files, read, setDone);
      const blobUrl = URL.createObjectURL(zip);
      saveUrl(blobUrl, `${sourceName.replace(/\.[^.]+$/, '')}-derivatives.zip`);
      setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
    } catch (cause) {
      setError(describeError(cause).message);
    } finally {
      setDone(null);
    }
  };
  return (
    <>
      <Button size="sm" loading={done !== null} onClick={() => void download()}>
        <DownloadIcon className="size-3.5" />
        {done === null ? 'Download all (zip)' : `Packing ${done} of ${files.length}…`}
      </Button>
      {error && (
        <span role="alert" className="text-xs text-red-700 dark:text-red-300">
          Couldn&apos;t download the derivatives: {error}
        </span>
      )}
    </>
  );
}

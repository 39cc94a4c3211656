import { useMutation } from '@tanstack/react-query';
import type { Version } from '../../../contracts/data-management';
import { getSignedDownloadForUrn } from '../../api/oss/requests';
import { saveUrl } from '../../lib/save-url';

/** A version has no file to download: say which and why, in words. */
export class NothingToDownloadError extends Error {
  override readonly name = 'NothingToDownloadError';
}

/**
 * Downloads a version's file: version → its storage object → an OSS signed download URL → the
 * browser. A failure is shown where the person clicked, not as a toast.
 */
export function useDownloadVersion() {
  return useMutation({
    mutationKey: ['download-version'],
    mutationFn: async (version: Version) => {
      const storageId = version.relationships['storage']?.data?.id;
      if (!storageId)
        throw new NothingToDownloadError(`Version ${version.attributes.versionNumber} has no stored file to download.`);
      const signed = await getSignedDownloadForUrn(
        storageId,
        { fileName: version.attributes.name },
        new AbortController().signal,
      );
      if (!signed.url)
        throw new NothingToDownloadError(
          'The platform offered this file only in parts, which the app cannot download yet.',
        );
      saveUrl(signed.url, version.attributes.name);
      return signed;
    },
  });
}

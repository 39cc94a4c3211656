import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { encodeUrn } from '../../../contracts/model-derivative';
import { mdQueries } from '../../api/model-derivative/queries';
import { getSignedDownloadForUrn } from '../../api/oss/requests';
import { type ModelItemPlace, modelPath } from '../../lib/model-paths';
import { saveUrl } from '../../lib/save-url';

const OPEN = 'font-medium text-accent-700 hover:underline dark:text-accent-300';

interface OutputLinkProps {
  fileName: string;
  /** The URN a model page would translate: the version made, or the bucket object. */
  designUrn: string;
  /** The stored bytes: `urn:adsk.objects:os.object:…`. */
  storageUrn: string;
  item?: ModelItemPlace;
  children: ReactNode;
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/**
 * A run's output: a design the platform can translate opens on its model page; anything else (a CSV,
 * a report) is a file, so it downloads rather than landing on a page that offers only Translate.
 */
export function OutputLink({ fileName, designUrn, storageUrn, item, children }: OutputLinkProps) {
  const formats = useQuery(mdQueries.formats());
  const download = useMutation({
    mutationFn: async () => {
      const signed = await getSignedDownloadForUrn(storageUrn, { fileName }, new AbortController().signal);
      if (!signed.url) throw new Error('The platform offered this file only in parts, which the app cannot download.');
      saveUrl(signed.url, fileName);
    },
  });
  const extension = extensionOf(fileName);
  const translatable = Object.values(formats.data?.formats ?? {}).some((sources) => sources?.includes(extension));
  if (translatable)
    return (
      <Link className={OPEN} to={modelPath(encodeUrn(designUrn), { name: fileName, ...(item ? { item } : {}) })}>
        {children}
      </Link>
    );
  return (
    <>
      <button
        type="button"
        className={OPEN}
        aria-label={`Download ${fileName}`}
        disabled={download.isPending}
        onClick={() => download.mutate()}
      >
        {children}
      </button>
      {download.isError && (
        <span role="alert" className="text-red-700 dark:text-red-300">
          {' '}
          could not be downloaded: {download.error.message}
        </span>
      )}
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { encodeUrn } from '../../../contracts/model-derivative';
import { describeError } from '../../api/describe-error';
import { mdQueries } from '../../api/model-derivative/queries';
import { getSignedDownloadForUrn } from '../../api/oss/requests';
import { showToast } from '../../components/ui/toast-store';
import { modelPath } from '../../lib/model-paths';
import { saveUrl } from '../../lib/save-url';
import type { ContentRow } from './content-rows';
import { itemPath } from './places';
import type { MenuAction } from './row-menu';
import { translatable } from './use-derivative-urn';

/**
 * What can be done to a file where it is listed (its row's menu, the details panel): view its
 * derivatives, translate it, download it and copy a link to it, as the APS VS Code extension's
 * right-click offers. A deleted file offers none of them, and a file the platform makes nothing
 * from (a CSV, a TXT, by the formats list) no View or Translate.
 */
export function useFileActions(place: { hubId: string; projectId: string }) {
  const navigate = useNavigate();
  const formats = useQuery(mdQueries.formats());
  const download = async (row: ContentRow, storageId: string) => {
    try {
      const signed = await getSignedDownloadForUrn(storageId, { fileName: row.name }, new AbortController().signal);
      if (!signed.url)
        throw new Error('The platform offered this file only in parts, which the app cannot download yet.');
      saveUrl(signed.url, row.name);
    } catch (failure) {
      showToast({ tone: 'error', title: `Couldn't download “${row.name}”`, message: describeError(failure).message });
    }
  };
  const copyLink = async (row: ContentRow) => {
    const link = `${window.location.origin}${itemPath(place.hubId, place.projectId, row.id)}`;
    try {
      await navigator.clipboard.writeText(link);
      showToast({ tone: 'info', title: 'Link copied', message: link });
    } catch {
      showToast({ tone: 'error', title: "Couldn't copy the link", message: link });
    }
  };
  return (row: ContentRow): MenuAction[] => {
    if (row.kind !== 'item' || row.hidden || !row.tipId) return [];
    const urn = encodeUrn(row.tipId);
    const item = { ...place, itemId: row.id };
    const storageId = row.tipStorageId;
    const derivable = !formats.data || translatable(formats.data, row.name);
    return [
      ...(derivable
        ? [
            { label: 'View', run: () => void navigate(modelPath(urn, { name: row.name, item })) },
            {
              label: 'Translate…',
              run: () => void navigate(modelPath(urn, { translate: true, name: row.name, item })),
            },
          ]
        : []),
      ...(storageId ? [{ label: 'Download', run: () => void download(row, storageId) }] : []),
      { label: 'Copy link', run: () => void copyLink(row) },
    ];
  };
}

import { useQuery } from '@tanstack/react-query';
import { DELETED_VERSION_TYPE, type Version } from '../../../contracts/data-management';
import { encodeUrn } from '../../../contracts/model-derivative';
import { mdQueries } from '../../api/model-derivative/queries';
import { StatusPill } from '../../components/ui/status-pill';
import { TranslationPill, useTranslationState } from './translation-cell';
import { translatable } from './use-derivative-urn';

/** A Deleted version marks where the file was deleted: it has no bytes to size, download or translate. */
export const isDeletedVersion = (version: Version) => version.attributes.extension.type === DELETED_VERSION_TYPE;

export function DeletedLabel() {
  return <StatusPill tone="neutral">Deleted</StatusPill>;
}

/**
 * One version's translation, asked of Model Derivative by the version's own URN: each version of a
 * file is translated on its own. A file the platform makes nothing from is not asked about.
 */
export function VersionTranslation({ version }: { version: Version }) {
  const formats = useQuery(mdQueries.formats());
  const asked =
    !isDeletedVersion(version) &&
    (formats.isError || (formats.data !== undefined && translatable(formats.data, version.attributes.name)));
  const translation = useTranslationState(asked ? encodeUrn(version.id) : null);
  if (isDeletedVersion(version)) return <span aria-label="Not translated: a deleted version">—</span>;
  if (formats.data && !asked) return <span className="text-neutral-500 dark:text-neutral-400">Not translatable</span>;
  return <TranslationPill translation={translation} />;
}

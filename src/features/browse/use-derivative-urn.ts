import { useQuery } from '@tanstack/react-query';
import type { FormatsResponse } from '../../../contracts/model-derivative';
import { mdQueries } from '../../api/model-derivative/queries';
import type { ContentRow } from './content-rows';
import { extensionOf } from './file-types';

/** Whether the platform makes anything from a file of this name, by its formats list (`GET …/formats`). */
export function translatable(formats: FormatsResponse, fileName: string): boolean {
  const extension = extensionOf(fileName);
  return Object.values(formats.formats).some((sources) => sources?.includes(extension));
}

/**
 * The URN to ask Model Derivative about for a row (its manifest, its thumbnail), or null. A file the
 * platform cannot translate (a CSV, a TXT) has neither, and asking would only cost a 404 each, so it
 * is not asked about; nor is any file until the formats are known. If they cannot be read, every
 * file is asked about, as a list without them would.
 */
export function useDerivativeUrn(row: ContentRow | null): string | null {
  const urn = row?.thumbnail?.urn ?? null;
  const formats = useQuery({ ...mdQueries.formats(), enabled: urn !== null });
  if (!row || !urn) return null;
  if (formats.isError) return urn;
  return formats.data && translatable(formats.data, row.name) ? urn : null;
}

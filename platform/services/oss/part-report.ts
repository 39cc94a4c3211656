import type { PartReport, PartStatus } from '../../../contracts/oss';
import type { PartRecord } from '../../storage/repos/oss-uploads';
import { bareTag } from './blob-write';

/**
 * Each part of an upload as `batchcompleteupload` reports it: Pending (never arrived), TooSmall
 * (under the minimum and not the last), Unexpected (its eTag differs from the one sent), both, or Ok.
 * Parts run from 1 to the highest uploaded, or to the number of eTags sent if that is more.
 */
export function partReport(
  parts: readonly PartRecord[],
  minPartBytes: number,
  eTags: readonly string[] | undefined,
): PartReport[] {
  const byNumber = new Map(parts.map((part) => [part.partNumber, part]));
  const last = Math.max(0, ...parts.map((part) => part.partNumber), eTags?.length ?? 0);
  return Array.from({ length: last }, (_, index): PartReport => {
    const firstPart = index + 1;
    const part = byNumber.get(firstPart);
    if (!part) return { firstPart, status: 'Pending' };
    const tooSmall = firstPart < last && part.size < minPartBytes;
    const unexpected = eTags !== undefined && bareTag(eTags[index] ?? '') !== part.blobId;
    const status: PartStatus =
      unexpected && tooSmall ? 'Unexpected+TooSmall' : unexpected ? 'Unexpected' : tooSmall ? 'TooSmall' : 'Ok';
    return { firstPart, status, size: part.size, eTag: part.blobId };
  });
}

import type { CompleteS3UploadBody } from '../../../contracts/oss';
import { ossError } from '../../http/errors';
import type { PartRecord } from '../../storage/repos/oss-uploads';
import { MAX_PARTS } from './limits';

const COMPLETE_FIELDS = new Set(['uploadKey', 'size', 'eTags']);

export function parseCompleteBody(raw: Record<string, unknown>): CompleteS3UploadBody {
  const unknown = Object.keys(raw).filter((name) => !COMPLETE_FIELDS.has(name));
  if (unknown.length) throw ossError(400, `Unknown field in the body: ${unknown.slice(0, 5).join(', ')}.`);
  const { uploadKey, size, eTags } = raw;
  if (typeof uploadKey !== 'string' || !uploadKey || uploadKey.length > 256)
    throw ossError(400, 'uploadKey is required and must be a string.');
  if (size !== undefined && (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0)) {
    throw ossError(400, 'size must be a whole number of bytes.');
  }
  if (
    eTags !== undefined &&
    (!Array.isArray(eTags) ||
      eTags.length > MAX_PARTS ||
      !eTags.every((tag) => typeof tag === 'string' && tag.length <= 200))
  ) {
    throw ossError(400, 'eTags must be an array of strings, one per part.');
  }
  return {
    uploadKey,
    ...(size === undefined ? {} : { size }),
    ...(eTags === undefined ? {} : { eTags: eTags as string[] }),
  };
}

/**
 * The checks OSS makes before assembling: parts 1..n with none missing (Pending), every part but
 * the last at least `minPartBytes` (TooSmall), eTags matching in order (Unexpected), and the size.
 */
export function checkParts(
  parts: readonly PartRecord[],
  minPartBytes: number,
  size: number | undefined,
  eTags: string[] | undefined,
): void {
  if (!parts.length) throw ossError(400, 'No parts have been uploaded for this uploadKey.');
  const gap = parts.findIndex((part, index) => part.partNumber !== index + 1);
  if (gap >= 0)
    throw ossError(400, `Part ${gap + 1} is missing (Pending): parts must be numbered from 1 with no gaps.`);
  const small = parts.slice(0, -1).find((part) => part.size < minPartBytes);
  if (small)
    throw ossError(
      400,
      `Part ${small.partNumber} has ${small.size} bytes (TooSmall): every part but the last needs at least ${minPartBytes}.`,
    );
  if (eTags !== undefined) {
    if (eTags.length !== parts.length)
      throw ossError(400, `eTags has ${eTags.length} entries but ${parts.length} parts were uploaded.`);
    const wrong = parts.find((part, index) => eTags[index] !== part.blobId);
    if (wrong)
      throw ossError(400, `The eTag of part ${wrong.partNumber} does not match the part uploaded (Unexpected).`);
  }
  const total = parts.reduce((sum, part) => sum + part.size, 0);
  if (size !== undefined && size !== total)
    throw ossError(400, `size is ${size} but the parts add up to ${total} bytes.`);
}

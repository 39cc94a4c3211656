import type { TranslationStatus } from '../../../contracts/model-derivative';
import { modelDerivativeError } from '../../http/errors';
import type { FileRecord } from '../../storage/repos/md-records';
import type { MdContext } from './context';
import { overallStatus } from './manifest';

const SIZES = [100, 200, 400];

function sizeParam(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!SIZES.includes(Number(value)) || !/^\d+$/.test(value))
    throw modelDerivativeError(400, `${name} must be 100, 200 or 400.`);
  return Number(value);
}

/** `…/{urn}/thumbnail`: the PNG of the asked size (default 200) from the thumbnail output or an svf2 view. */
export async function thumbnailOf(
  md: MdContext,
  urn: string,
  width: string | undefined,
  height: string | undefined,
): Promise<{ file: FileRecord; size: number; name: string; jobStatus: TranslationStatus }> {
  const size = sizeParam(width, 'width') ?? sizeParam(height, 'height') ?? 200;
  const heightSize = sizeParam(height, 'height');
  if (heightSize !== undefined && heightSize !== size)
    throw modelDerivativeError(400, 'width and height must be the same: thumbnails are square.');
  const manifest = await md.stores.mdManifests.find(urn);
  if (!manifest) throw modelDerivativeError(404, 'No manifest: translate the design first.');
  const thumbnails = (await md.stores.mdManifests.files(urn)).filter(
    (file) => file.role === 'thumbnail' && file.resolution !== null,
  );
  // The dedicated thumbnail output first, then any view's; the exact size, else the nearest.
  const ordered = thumbnails.sort(
    (a, b) =>
      Number(b.path.startsWith('thumbnail/')) - Number(a.path.startsWith('thumbnail/')) ||
      Math.abs(a.resolution! - size) - Math.abs(b.resolution! - size),
  );
  const file = ordered.find((candidate) => candidate.resolution === size) ?? ordered[0];
  if (!file) throw modelDerivativeError(404, 'The design has no thumbnail yet: translate it to svf2 or thumbnail.');
  const jobStatus = overallStatus(await md.stores.mdManifests.derivatives(urn));
  return { file, size: file.resolution!, name: manifest.fileName, jobStatus };
}

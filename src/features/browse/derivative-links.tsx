import { Link } from 'react-router-dom';
import { encodeUrn } from '../../../contracts/model-derivative';
import { useThumbnailUrl } from '../../api/model-derivative/use-thumbnail-url';
import { modelPath, type ModelItemPlace } from '../../lib/model-paths';

const LINK =
  'inline-flex h-8 items-center rounded-md px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-accent-500';

/** "Translate" and "View derivatives" for one version, with its thumbnail when a translation made one. */
export function DerivativeLinks({ versionId, name, item }: { versionId: string; name: string; item: ModelItemPlace }) {
  const urn = encodeUrn(versionId);
  // The larger picture for this page; folder rows ask for the small one.
  const src = useThumbnailUrl(urn, true, 200);
  return (
    <div className="flex items-center gap-2">
      {src && (
        <img
          src={src}
          alt={`Thumbnail of ${name}`}
          className="size-16 rounded-md border border-neutral-200 object-contain dark:border-neutral-800"
        />
      )}
      <Link
        to={modelPath(urn, { translate: true, name, item })}
        className={`${LINK} bg-accent-600 text-white hover:bg-accent-700`}
      >
        Translate
      </Link>
      <Link
        to={modelPath(urn, { name, item })}
        className={`${LINK} border border-neutral-300 hover:bg-neutral-50 dark:border-neutral-700 dark:hover:bg-neutral-800`}
      >
        View derivatives
      </Link>
    </div>
  );
}

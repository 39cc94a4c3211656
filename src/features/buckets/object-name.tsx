import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useThumbnailUrl } from '../../api/model-derivative/use-thumbnail-url';
import { FileThumbnail } from '../../components/ui/file-icon';
import { modelPath } from '../../lib/model-paths';

/** An object's key as a link to its derivatives, with its thumbnail once the person points at it. */
export function ObjectName({ objectKey, urn }: { objectKey: string; urn: string }) {
  const [pointed, setPointed] = useState(false);
  const thumbnail = useThumbnailUrl(urn, pointed);
  return (
    <span className="flex min-w-0 items-center gap-2" onPointerEnter={() => setPointed(true)}>
      <FileThumbnail kind="file" src={thumbnail} className="text-neutral-400" />
      <Link
        to={modelPath(urn, { name: objectKey })}
        className="truncate hover:underline"
        title={`${objectKey}: view derivatives`}
      >
        {objectKey}
      </Link>
    </span>
  );
}

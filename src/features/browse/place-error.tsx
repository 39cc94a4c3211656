import { Link } from 'react-router-dom';
import { describeError } from '../../api/describe-error';
import { ApiError } from '../../api/http';
import { ErrorState } from '../../components/ui/error-state';
import { useWayUp } from './use-way-up';

interface PlaceErrorProps {
  what: 'folder' | 'item';
  hubId: string;
  projectId: string;
  id: string;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}

const UP_LINK =
  'inline-flex h-8 items-center rounded-md bg-accent-600 px-3 text-sm font-medium text-white shadow-sm hover:bg-accent-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500 dark:bg-accent-500 dark:text-neutral-950 dark:hover:bg-accent-400';

/** A folder or item that could not be opened, with a way up to where it was listed as well as Retry. */
export function PlaceError({ what, hubId, projectId, id, error, onRetry, retrying }: PlaceErrorProps) {
  const up = useWayUp(hubId, projectId, id);
  const { message, details, raw } = describeError(error);
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <ErrorState
      headingLevel={1}
      title={missing ? `This ${what} can't be found` : `Couldn't open this ${what}`}
      message={
        missing ? `It may have been deleted or moved, or the link may be wrong. The platform said: ${message}` : message
      }
      details={details}
      raw={raw}
      onRetry={onRetry}
      retrying={retrying}
      action={
        <Link to={up.href} className={UP_LINK}>
          {up.label}
        </Link>
      }
    />
  );
}

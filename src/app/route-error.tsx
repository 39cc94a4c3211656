import { Link } from 'react-router-dom';
import { describeError } from '../api/describe-error';
import { EmptyState } from '../components/ui/empty-state';
import { ErrorState } from '../components/ui/error-state';

/** A route that failed to render or load: say so where the page would have been. */
export function RouteError({ error }: { error: unknown }) {
  const { message, details, raw } = describeError(error);
  return (
    <ErrorState
      headingLevel={1}
      title="This page could not be shown"
      message={message}
      details={details}
      raw={raw}
      onRetry={() => window.location.reload()}
    />
  );
}

export function NotFoundPage() {
  return (
    <EmptyState
      headingLevel={1}
      title="Nothing lives at this address"
      description="The link may be old, or the page may not exist yet."
      action={
        <Link to="/hubs" className="text-sm font-medium text-accent-700 hover:underline dark:text-accent-300">
          Go to hubs
        </Link>
      }
    />
  );
}

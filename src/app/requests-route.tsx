import { EmptyState } from '../components/ui/empty-state';
import { ServerIcon } from '../components/ui/icons';
import { RequestsPage } from '../features/requests/requests-page';
import { useHasRequestLog } from './has-request-log';

/** Through the gateway, where there is no request log, the page says so rather than failing. */
export function RequestsRoute() {
  if (useHasRequestLog()) return <RequestsPage />;
  return (
    <EmptyState
      headingLevel={1}
      icon={<ServerIcon className="size-5" />}
      title="Requests"
      description="Only the local platform records the requests it answers; Autodesk's servers keep theirs to themselves."
    />
  );
}

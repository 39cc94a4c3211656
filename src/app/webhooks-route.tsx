import { WebhooksPage } from '../features/webhooks/webhooks-page';
import { useHasRequestLog } from './has-request-log';

/** The hooks everywhere; what each was sent only where the platform keeps a log of it (the local one). */
export function WebhooksRoute() {
  return <WebhooksPage local={useHasRequestLog()} />;
}

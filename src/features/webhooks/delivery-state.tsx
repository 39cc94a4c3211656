import type { DeliveryState, DeliverySummary } from '../../../contracts/webhooks';
import { StatusPill, type PillTone } from '../../components/ui/status-pill';

const TONES: Record<DeliveryState, PillTone> = { pending: 'accent', delivered: 'success', failed: 'danger' };

/** A delivery's state with the receiver's last answer beside it: "delivered 200", "pending 503". */
export function DeliveryStatePill({ delivery }: { delivery: Pick<DeliverySummary, 'state' | 'lastStatus'> }) {
  return (
    <StatusPill tone={TONES[delivery.state]}>
      {delivery.state}
      {delivery.lastStatus !== null && ` ${delivery.lastStatus}`}
    </StatusPill>
  );
}

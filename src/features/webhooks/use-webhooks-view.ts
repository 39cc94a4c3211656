import { useSearchParams } from 'react-router-dom';
import type { WebhookRegion } from '../../../contracts/webhooks';
import { regionOf } from './paths';

type ViewParam = 'region' | 'hook' | 'q' | 'delivery';

/** Region, filter, the open hook and the open delivery live in the address, so a view can be shared and reloaded. */
export function useWebhooksView() {
  const [params, setParams] = useSearchParams();
  const region = regionOf(params);

  const update = (changes: Partial<Record<ViewParam, string | null>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );

  return {
    region,
    filter: params.get('q') ?? '',
    hookId: params.get('hook'),
    deliveryId: params.get('delivery'),
    // Another region holds other hooks: what was open there is not here.
    regionChanged: (next: WebhookRegion) => update({ region: next === 'US' ? null : next, hook: null, delivery: null }),
    filterChanged: (text: string) => update({ q: text }),
    hookOpened: (id: string | null) => update({ hook: id, delivery: null }),
    deliveryOpened: (id: string | null) => update({ delivery: id }),
  };
}

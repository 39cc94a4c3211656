import { useSearchParams } from 'react-router-dom';
import type { InspectedService } from '../../../contracts/request-inspector';
import type { RequestListFilters } from '../../api/platform/queries';

export const SERVICE_LABELS: Record<InspectedService, string> = {
  authentication: 'Authentication',
  'data-management': 'Data Management',
  oss: 'OSS',
  'model-derivative': 'Model Derivative',
  'design-automation': 'Design Automation',
  'user-profile': 'User Profile',
  webhooks: 'Webhooks',
  platform: 'Platform',
  other: 'Other',
};

export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;

const isService = (value: string | null): value is InspectedService => value !== null && value in SERVICE_LABELS;

export type FilterName = 'service' | 'status' | 'app';

/** The filters and the selected request live in the address, so a view of the log can be shared and reloaded. */
export function useRequestFilters() {
  const [params, setParams] = useSearchParams();
  const service = params.get('service');
  const filters: RequestListFilters = {
    service: isService(service) ? service : undefined,
    status: params.get('status') || undefined,
    app: params.get('app') || undefined,
  };
  const selected = Number(params.get('request')) || null;

  const update = (changes: Partial<Record<FilterName | 'request', string | null>>) =>
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
    filters,
    selected,
    filterChanged: (name: FilterName, value: string) => update({ [name]: value }),
    requestSelected: (id: number | null) => update({ request: id === null ? null : String(id) }),
  };
}

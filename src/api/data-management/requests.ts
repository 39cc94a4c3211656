import type { HubsResponse } from '../../../contracts/data-management';
import { requestJson } from '../http';

export function getHubs(signal: AbortSignal): Promise<HubsResponse> {
  return requestJson<HubsResponse>('/project/v1/hubs', { signal });
}

import {
  INSPECTOR_PATH,
  type InspectedRequest,
  type InspectedRequestFilters,
  type InspectedRequestList,
} from '../../../contracts/request-inspector';
import { request, requestJson, requestVoid } from '../http';

/** `GET /_platform/requests`: the recorded requests, newest first; with `since`, only the newer ones. */
export function getInspectedRequests(filters: InspectedRequestFilters, signal: AbortSignal) {
  return requestJson<InspectedRequestList>(INSPECTOR_PATH, { signal, query: { ...filters } });
}

/** `GET /_platform/requests/{id}`: one request whole, headers and bodies. */
export function getInspectedRequest(id: number, signal: AbortSignal) {
  return requestJson<InspectedRequest>(`${INSPECTOR_PATH}/${id}`, { signal });
}

/** `GET /_platform/requests/har`: the filtered requests as a HAR 1.2 file. */
export async function getInspectedRequestsHar(filters: InspectedRequestFilters, signal: AbortSignal): Promise<Blob> {
  return (await request(`${INSPECTOR_PATH}/har`, { signal, query: { ...filters } })).blob();
}

export function clearInspectedRequests(signal: AbortSignal) {
  return requestVoid(INSPECTOR_PATH, { signal, method: 'DELETE' });
}

/**
 * The local platform's request inspector, at `/_platform/requests`: the last requests it answered,
 * with every secret already redacted. Not an APS API: only the local platform has it.
 */

export const INSPECTOR_PATH = '/_platform/requests';

export type InspectedService =
  | 'authentication'
  | 'data-management'
  | 'oss'
  | 'model-derivative'
  | 'design-automation'
  | 'user-profile'
  | 'webhooks'
  | 'platform'
  | 'other';

export interface InspectedHeader {
  name: string;
  value: string;
}

export interface InspectedBody {
  contentType: string | null;
  /** Bytes on the wire, when known (a Content-Length, or a body read to its end). */
  size: number | null;
  /** The redacted text, up to the capture limit; null for binary bodies, and bodies not read. */
  text: string | null;
  /** The text stops at the capture limit. */
  truncated: boolean;
}

export interface InspectedRequestSummary {
  /** Increases with every request recorded: `since` in a listing asks for the ones after it. */
  id: number;
  /** The `x-request-id` the client got. */
  requestId: string;
  /** ISO 8601. */
  startedAt: string;
  method: string;
  /** Path and query, redacted. */
  path: string;
  service: InspectedService;
  status: number;
  /** Until the answer's headers were ready; a streamed body may take longer. */
  durationMs: number;
  /** The client id of the app that made the request, when its token or credentials name it. */
  app: string | null;
  user: string | null;
  requestSize: number | null;
  responseSize: number | null;
}

export interface InspectedRequest extends InspectedRequestSummary {
  /** The full URL, redacted. */
  url: string;
  request: { headers: InspectedHeader[]; body: InspectedBody };
  response: { headers: InspectedHeader[]; body: InspectedBody };
}

export interface InspectedRequestList {
  /** Newest first. */
  requests: InspectedRequestSummary[];
  /** The newest id recorded, whatever the filters; lower than a `since` after a restart or a clear. */
  latestId: number;
  /** Requests up to this id were cleared: a client drops those it still shows. */
  clearedThrough: number;
}

export interface InspectedRequestFilters {
  service?: InspectedService;
  /** `404`, or a class: `4xx`, `5xx`. */
  status?: string;
  app?: string;
  /** An id, or an ISO 8601 time: requests after it. */
  since?: string;
  limit?: number;
}

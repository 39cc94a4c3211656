import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApsAuthErrorBody, OAuthErrorBody } from '../../contracts/authentication';
import type { DaFieldErrors } from '../../contracts/design-automation';
import type { JsonApiErrorBody } from '../../contracts/json-api';
import type { ModelDerivativeErrorBody } from '../../contracts/model-derivative';
import type { OssErrorBody } from '../../contracts/oss';

const MORE_INFO = 'https://aps.autodesk.com/en/docs/oauth/v2/developers_guide/error_handling/';

/**
 * An error that already knows its wire form. Handlers throw these; the one `onError` writes them.
 * Each service speaks its own error body, so there is one factory per format below.
 */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly body: object | string,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'string' ? body : JSON.stringify(body));
  }
}

/** RFC 6749 error with the APS gateway fields beside it, for the OAuth endpoints. */
export function oauthError(
  status: ContentfulStatusCode,
  error: string,
  description: string,
  errorCode = 'AUTH-008',
): HttpError {
  const body: OAuthErrorBody = {
    error,
    error_description: description,
    developerMessage: description,
    userMessage: '',
    errorCode,
    'more info': MORE_INFO,
  };
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };
  if (status === 401) headers['WWW-Authenticate'] = 'Basic realm="authentication"';
  return new HttpError(status, body, headers);
}

/** The APS gateway's answer to a missing, bad or under-privileged token on any API. */
export function gatewayAuthError(status: 401 | 403, errorCode: string, developerMessage: string): HttpError {
  const body: ApsAuthErrorBody = { developerMessage, userMessage: '', errorCode, 'more info': MORE_INFO };
  const headers: Record<string, string> = {};
  if (status === 401) headers['WWW-Authenticate'] = 'Bearer';
  return new HttpError(status, body, headers);
}

/** Data Management's JSON:API `errors[]` body. */
export function jsonApiError(status: ContentfulStatusCode, code: string, title: string, detail: string): HttpError {
  const body: JsonApiErrorBody = {
    jsonapi: { version: '1.0' },
    errors: [{ id: crypto.randomUUID(), status: String(status), code, title, detail }],
  };
  return new HttpError(status, body);
}

/** OSS's `{reason}` body. */
export const ossError = (status: ContentfulStatusCode, reason: string): HttpError =>
  new HttpError(status, { reason } satisfies OssErrorBody);

/** Model Derivative's `{diagnostic}` body. */
export const modelDerivativeError = (status: ContentfulStatusCode, diagnostic: string): HttpError =>
  new HttpError(status, { diagnostic } satisfies ModelDerivativeErrorBody);

/**
 * Design Automation's bodies: a bare JSON string (404, 409, 403) or, for validation, a map from
 * field to messages. The string is sent as JSON, quotes and all, as the real service does.
 */
export const designAutomationError = (status: ContentfulStatusCode, body: string | DaFieldErrors): HttpError =>
  typeof body === 'string'
    ? new HttpError(status, JSON.stringify(body), { 'Content-Type': 'application/json; charset=utf-8' })
    : new HttpError(status, body);

/**
 * The Webhooks API's body: the published schema's `{id}`, with the status, a code and the messages
 * in `detail`, as the service words its token answer (`{status, detail: [...]}`).
 */
export interface WebhooksErrorBody {
  id: string;
  status: number;
  code: string;
  detail: string[];
}

export const webhooksError = (status: ContentfulStatusCode, code: string, message: string): HttpError =>
  new HttpError(status, { id: crypto.randomUUID(), status, code, detail: [message] } satisfies WebhooksErrorBody);

/** An error in the format of the service that owns `path`; other paths get the APS gateway's body. */
function errorFor(path: string, status: ContentfulStatusCode, code: string, title: string, message: string): HttpError {
  if (path.startsWith('/oss/')) return ossError(status, message);
  if (path.startsWith('/modelderivative/')) return modelDerivativeError(status, message);
  if (path.startsWith('/data/') || path.startsWith('/project/')) return jsonApiError(status, code, title, message);
  if (path.startsWith('/da/')) return designAutomationError(status, message);
  if (path.startsWith('/webhooks/')) return webhooksError(status, code, message);
  return new HttpError(status, { developerMessage: message, userMessage: '', errorCode: code, 'more info': MORE_INFO });
}

/** A 404 in the error format of the service that owns the path. */
export const notFoundFor = (path: string): HttpError =>
  errorFor(path, 404, 'NOT_FOUND', 'Not found', `No route for ${path.slice(0, 200)}.`);

/** A 400 for a malformed request, in the format of the service that owns the path (OAuth's for `/authentication/`). */
export function badRequestFor(path: string, message: string): HttpError {
  if (path.startsWith('/authentication/')) return oauthError(400, 'invalid_request', message);
  return errorFor(path, 400, 'BAD_INPUT', 'Bad input', message);
}

/**
 * The answer to text in the path or query that no id or parameter can hold (a NUL, a broken
 * escape): 400 for a query parameter or a body, 404 for an id in the path, which then names nothing. OSS
 * answers 400 for the bucket and object keys of its paths, as it does for any key that breaks its rules.
 */
export function unusableTextFor(place: 'path' | 'query' | 'body', path: string, message: string): HttpError {
  if (place !== 'path' || path.startsWith('/oss/')) return badRequestFor(path, message);
  return errorFor(path, 404, 'NOT_FOUND', 'Not found', message);
}

/** The same for an unexpected failure: no internals, but a request id to find it in the log. */
export const internalErrorFor = (path: string, requestId: string): HttpError =>
  errorFor(
    path,
    500,
    'INTERNAL_ERROR',
    'Internal error',
    `The platform failed to handle this request (request id ${requestId}).`,
  );

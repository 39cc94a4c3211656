import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApsAuthErrorBody } from '../../contracts/authentication';
import type { DaQuotaErrorBody } from '../../contracts/design-automation';
import {
  designAutomationError,
  HttpError,
  jsonApiError,
  modelDerivativeError,
  oauthError,
  ossError,
  webhooksError,
} from '../http/errors';
import type { FaultService } from './rules';

// The gateway's link, as `http/errors.ts` sends it; that module keeps its own copy private.
const MORE_INFO = 'https://aps.autodesk.com/en/docs/oauth/v2/developers_guide/error_handling/';

const TITLES: Record<number, string> = {
  429: 'Too many requests',
  500: 'Internal error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
};

const titleOf = (status: number) => TITLES[status] ?? (status >= 500 ? 'Server error' : 'Client error');
const codeOf = (status: number) => titleOf(status).toUpperCase().replace(/ /g, '_');

// RFC 6749 has words for a busy or broken server; the rest of the 4xx are the request's fault.
const oauthCodeOf = (status: number) =>
  status === 429
    ? 'rate_limit_exceeded'
    : status === 503 || status === 504
      ? 'temporarily_unavailable'
      : status >= 500
        ? 'server_error'
        : 'invalid_request';

/** The APS gateway's body, which answers for paths no service owns (and for User Profile). */
export const gatewayError = (status: ContentfulStatusCode, errorCode: string, developerMessage: string) =>
  new HttpError(status, {
    developerMessage,
    userMessage: '',
    errorCode,
    'more info': MORE_INFO,
  } satisfies ApsAuthErrorBody);

/**
 * The error a fault answers with, in the body of the service that owns the path, shaped as that
 * service's own errors of the same status are (its rate limit's 429 among them).
 */
export function faultError(service: FaultService | undefined, status: number, ruleId: string): HttpError {
  const code = status as ContentfulStatusCode;
  const message = `${titleOf(status)} (fault rule ${ruleId} of the platform).`;
  switch (service) {
    case 'oss':
      return ossError(code, message);
    case 'model-derivative':
      return modelDerivativeError(code, message);
    case 'data-management':
      return jsonApiError(code, codeOf(status), titleOf(status), message);
    case 'design-automation':
      return status === 429
        ? new HttpError(code, { developerMessage: 'Quota limit exceeded.' } satisfies DaQuotaErrorBody)
        : designAutomationError(code, message);
    case 'webhooks':
      return webhooksError(code, codeOf(status), message);
    case 'authentication':
      return oauthError(code, oauthCodeOf(status), message, status === 429 ? 'ERR-001' : undefined);
    default:
      return gatewayError(code, codeOf(status), message);
  }
}

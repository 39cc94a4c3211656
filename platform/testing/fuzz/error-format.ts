import { isBrowserPagePath } from '../../services/authentication/page-response';

/**
 * Whether an error response is in the format of the service that owns its path, decided by the path
 * prefix alone so that routes added later are held to the same rule. Returns what is wrong, or undefined.
 */
type Body = Record<string, unknown>;
const isBody = (value: unknown): value is Body => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (body: Body, field: string) => typeof body[field] === 'string';

/** The APS gateway's body (missing or refused tokens on any API, and paths no service owns). */
const gatewayBody = (body: Body) => text(body, 'developerMessage') && text(body, 'errorCode');

/** Webhooks: the published `{id}`, with the status and the messages in `detail`. */
const webhooksBody = (body: Body) =>
  text(body, 'id') &&
  typeof body['status'] === 'number' &&
  Array.isArray(body['detail']) &&
  body['detail'].every((message) => typeof message === 'string');

const jsonApiBody = (body: Body) =>
  Array.isArray(body['errors']) &&
  body['errors'].length > 0 &&
  body['errors'].every((error) => isBody(error) && text(error, 'status') && text(error, 'detail'));

/** Prefix → the bodies its service may answer an error with (the gateway's for a token refused before the service is reached). */
const FORMATS: { prefix: RegExp; name: string; accepts: (body: Body, status: number) => boolean }[] = [
  { prefix: /^\/oss\//, name: 'OSS {reason}', accepts: (body) => text(body, 'reason') },
  {
    prefix: /^\/modelderivative\//,
    name: 'Model Derivative {diagnostic}',
    accepts: (body) => text(body, 'diagnostic'),
  },
  {
    prefix: /^\/(data|project)\//,
    name: 'JSON:API errors[]',
    accepts: (body, status) => jsonApiBody(body) || ((status === 401 || status === 403) && gatewayBody(body)),
  },
  {
    prefix: /^\/da\//,
    name: 'Design Automation (a JSON string, a field map of messages, or the gateway body)',
    accepts: (body) =>
      gatewayBody(body) ||
      (Object.keys(body).length > 0 &&
        Object.values(body).every(
          (messages) => Array.isArray(messages) && messages.every((message) => typeof message === 'string'),
        )),
  },
  {
    prefix: /^\/webhooks\//,
    name: 'Webhooks {id, status, detail[]}',
    accepts: (body, status) => webhooksBody(body) || ((status === 401 || status === 403) && gatewayBody(body)),
  },
  {
    prefix: /^\/authentication\/v2\/(token|revoke|introspect)(\/|$)/,
    name: 'OAuth {error, error_description}',
    accepts: (body, status) =>
      (text(body, 'error') && text(body, 'error_description') && gatewayBody(body)) ||
      (status === 404 && gatewayBody(body)),
  },
  { prefix: /^/, name: 'APS gateway {developerMessage, errorCode}', accepts: gatewayBody },
];

export function errorFormatProblem(path: string, status: number, contentType: string, raw: string): string | undefined {
  if (isBrowserPagePath(path) && contentType.startsWith('text/html'))
    return raw.includes('<html') ? undefined : 'an HTML error page without <html>';
  // Design Automation's appbundle store stands in for S3, and answers as S3 does.
  if (path.startsWith('/da/store') && contentType.startsWith('application/xml'))
    return /<Error><Code>\w+<\/Code>/.test(raw) ? undefined : 'an S3 error without <Error><Code>';
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return `a body that is not JSON (${contentType || 'no Content-Type'}): ${JSON.stringify(raw.slice(0, 120))}`;
  }
  if (!contentType.includes('json')) return `a JSON body sent as ${contentType || 'no Content-Type'}`;
  const format = FORMATS.find((candidate) => candidate.prefix.test(path))!;
  // Design Automation answers most errors with a bare JSON string, as the real service does.
  if (path.startsWith('/da/') && typeof body === 'string' && body.length > 0) return undefined;
  return isBody(body) && format.accepts(body, status) ? undefined : `not the ${format.name} body: ${raw.slice(0, 160)}`;
}

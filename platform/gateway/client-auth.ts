import { oauthError } from '../http/errors';
import type { GatewayConfig } from '../cli/gateway-options';

/** Token, revoke and introspect forms are a few hundred bytes; more is not an OAuth request. */
const MAX_FORM_BYTES = 64 * 1024;

function checkClientId(config: GatewayConfig, clientId: string | null) {
  if (clientId !== null && clientId !== config.clientId) {
    throw oauthError(401, 'invalid_client', `This gateway signs in for client_id ${config.clientId} only.`, 'AUTH-001');
  }
}

/**
 * `GET /authentication/v2/authorize`: straight on to the upstream's, with the app's PKCE challenge,
 * state and redirect URI untouched; the person signs in on the upstream's own page.
 */
export function authorizeRedirect(config: GatewayConfig, requestUrl: string): string {
  const query = new URL(requestUrl).searchParams;
  checkClientId(config, query.get('client_id'));
  if (!query.has('client_id')) query.set('client_id', config.clientId);
  return `${config.upstream}/authentication/v2/authorize?${query.toString()}`;
}

async function readCapped(request: Request): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_FORM_BYTES)
    throw oauthError(413, 'invalid_request', `The form is larger than ${MAX_FORM_BYTES} bytes.`);
  const text = await request.text();
  if (text.length > MAX_FORM_BYTES)
    throw oauthError(413, 'invalid_request', `The form is larger than ${MAX_FORM_BYTES} bytes.`);
  return text;
}

/**
 * The browser sends what a public (PKCE) client sends: `client_id` in the form, no Authorization.
 * The upstream gets what a confidential client sends: Basic client authentication and no
 * `client_id` in the form. The secret is added here and goes nowhere else. A code or refresh
 * token is what proves the caller; `client_credentials` has no such proof, so the gateway never
 * adds its secret there: a server that holds the secret sends its own Basic header, passed on.
 */
export async function withClientAuth(
  config: GatewayConfig,
  request: Request,
): Promise<{ headers: Headers; body: string }> {
  const type = request.headers.get('content-type') ?? '';
  const text = await readCapped(request);
  const headers = new Headers({ Accept: request.headers.get('accept') ?? 'application/json' });
  if (type) headers.set('Content-Type', type);
  const form = new URLSearchParams(text);
  const isForm = type.toLowerCase().startsWith('application/x-www-form-urlencoded');
  // Anything but a form is the upstream's to refuse (AUTH-007), in its own words.
  if (!isForm || form.get('grant_type') === 'client_credentials') {
    const own = request.headers.get('authorization');
    if (own) headers.set('Authorization', own);
    return { headers, body: text };
  }
  checkClientId(config, form.get('client_id'));
  if (form.has('client_secret'))
    throw oauthError(400, 'invalid_request', 'Send no client_secret: the gateway authenticates the client itself.');
  form.delete('client_id');
  headers.set('Authorization', `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`);
  return { headers, body: form.toString() };
}

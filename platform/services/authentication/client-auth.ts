import type { Context } from 'hono';
import { oauthError } from '../../http/errors';
import { controlTextProblem } from '../../http/text-rules';
import type { App, AppsRepo } from '../../storage/repos/apps';
import { hashSecret } from '../../storage/ids';
import { secretsEqual } from './passwords';

function basicCredentials(header: string): { id: string; secret: string } {
  const encoded = header.slice('basic '.length).trim();
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const malformed = () => oauthError(401, 'invalid_client', 'The Basic credentials are malformed.', 'AUTH-012');
  if (colon < 0) throw malformed();
  try {
    // RFC 6749 §2.3.1: id and secret are form-urlencoded before they are joined.
    const credentials = {
      id: decodeURIComponent(decoded.slice(0, colon)),
      secret: decodeURIComponent(decoded.slice(colon + 1)),
    };
    if (controlTextProblem(credentials.id) ?? controlTextProblem(credentials.secret)) throw malformed();
    return credentials;
  } catch {
    throw malformed();
  }
}

/**
 * Identifies the calling app: confidential apps by Basic auth (or `client_secret` in the body),
 * public (`spa`) apps by `client_id` alone. One method per request.
 */
export async function authenticateClient(c: Context, form: Map<string, string>, apps: AppsRepo): Promise<App> {
  const header = c.req.header('authorization');
  const bodySecret = form.get('client_secret');
  let clientId = form.get('client_id');
  let secret = bodySecret;
  if (header) {
    if (!header.toLowerCase().startsWith('basic ')) {
      throw oauthError(401, 'invalid_client', 'The Authorization header must use the Basic scheme.', 'AUTH-012');
    }
    if (bodySecret !== undefined)
      throw oauthError(400, 'invalid_request', 'Send client credentials one way only: the Basic header or the body.');
    const basic = basicCredentials(header);
    if (clientId !== undefined && clientId !== basic.id)
      throw oauthError(400, 'invalid_request', 'client_id does not match the Basic credentials.');
    clientId = basic.id;
    secret = basic.secret;
  }
  if (!clientId)
    throw oauthError(
      401,
      'invalid_client',
      'The client is not identified: send Basic credentials or client_id.',
      'AUTH-008',
    );
  const app = await apps.find(clientId);
  if (!app) throw oauthError(401, 'invalid_client', 'The client_id is not known.', 'AUTH-001');
  if (app.type === 'spa') {
    if (secret !== undefined)
      throw oauthError(401, 'invalid_client', 'A single-page app has no client secret.', 'AUTH-003');
    return app;
  }
  if (secret === undefined || !app.secretHash || !secretsEqual(hashSecret(secret), app.secretHash)) {
    throw oauthError(401, 'invalid_client', 'The client secret is not right for this client_id.', 'AUTH-003');
  }
  return app;
}

import type { App } from '../../storage/repos/apps';
import { isValidChallenge } from './pkce';
import { checkScopes } from './scopes';

/** What a valid `/authorize` request asks for. */
export interface ValidAuthorize {
  app: App;
  redirectUri: string;
  scopes: string[];
  state: string | null;
  nonce: string | null;
  codeChallenge: string | null;
  prompt: Prompt;
}

/**
 * OpenID Connect's `prompt` (Core §3.1.2.1): `login` asks for the password even when this browser is
 * signed in, `consent` shows the consent page even when the person allowed these scopes before, and
 * `none` shows no page at all: the app gets a code, or `login_required` / `consent_required`.
 */
export interface Prompt {
  none: boolean;
  login: boolean;
  consent: boolean;
}

/**
 * Outcome of checking an `/authorize` request. Until the client and its redirect URI are known good,
 * errors are shown on a page: redirecting then would make the platform an open redirector.
 */
export type AuthorizeCheck =
  | { kind: 'ok'; request: ValidAuthorize }
  | { kind: 'page'; title: string; message: string }
  | { kind: 'redirect'; redirectUri: string; state: string | null; error: string; description: string };

const PRINTABLE = /^[\x20-\x7e]*$/;
/** APS allows only these in `state`; a client that works here then works against APS too. */
const STATE = /^[A-Za-z0-9,._-]*$/;
const MAX_PARAM = 2000;

export async function checkAuthorize(
  query: URLSearchParams,
  findApp: (clientId: string) => Promise<App | undefined>,
): Promise<AuthorizeCheck> {
  const single = (name: string): string | undefined | null => {
    const values = query.getAll(name);
    if (values.length > 1) return null;
    return values[0];
  };
  const clientId = single('client_id');
  if (clientId === null) return page('The client_id parameter appears more than once.');
  if (!clientId) return page('The client_id parameter is missing.');
  const app = await findApp(clientId);
  if (!app) return page('No app is registered with this client id.');
  const redirectUri = single('redirect_uri');
  if (redirectUri === null) return page('The redirect_uri parameter appears more than once.');
  if (!redirectUri) return page('The redirect_uri parameter is missing.');
  if (!app.callbacks.includes(redirectUri)) {
    return page('The redirect_uri does not match any callback URL registered for this app.');
  }

  const rawState = single('state');
  const state = typeof rawState === 'string' ? rawState : null;
  const fail = (error: string, description: string): AuthorizeCheck => ({
    kind: 'redirect',
    redirectUri,
    state,
    error,
    description,
  });
  for (const name of [
    'state',
    'response_type',
    'scope',
    'nonce',
    'code_challenge',
    'code_challenge_method',
    'prompt',
    'response_mode',
  ]) {
    if (query.getAll(name).length > 1) return fail('invalid_request', `The ${name} parameter appears more than once.`);
    const value = query.get(name);
    if (value !== null && (value.length > MAX_PARAM || !PRINTABLE.test(value))) {
      return fail('invalid_request', `The ${name} parameter is too long or has characters that are not allowed.`);
    }
  }
  if (state !== null && !STATE.test(state)) {
    return fail('invalid_request', 'state may hold only letters, digits, commas, periods, underscores and hyphens.');
  }
  if (query.get('response_type') !== 'code') {
    return fail('unsupported_response_type', 'Only response_type=code is supported.');
  }
  const responseMode = query.get('response_mode');
  if (responseMode !== null && responseMode !== 'query') {
    return fail('invalid_request', 'Only response_mode=query is supported for response_type=code.');
  }
  if (app.type === 'server') {
    return fail('unauthorized_client', 'Server-to-server apps may not use the authorization code flow.');
  }
  const scopes = checkScopes(query.get('scope') ?? undefined, app.scopes);
  if (!scopes.ok) return fail('invalid_scope', scopes.reason);

  const challenge = query.get('code_challenge');
  const method = query.get('code_challenge_method');
  if (challenge === null) {
    if (app.type === 'spa') return fail('invalid_request', 'Single-page apps must send code_challenge (PKCE).');
    if (method !== null) return fail('invalid_request', 'code_challenge_method was sent without code_challenge.');
  } else {
    if (method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256.');
    if (!isValidChallenge(challenge))
      return fail('invalid_request', 'code_challenge must be a base64url SHA-256 (43 characters).');
  }
  const prompt = parsePrompt(query.get('prompt'));
  if (typeof prompt === 'string') return fail('invalid_request', prompt);

  return {
    kind: 'ok',
    request: {
      app,
      redirectUri,
      scopes: scopes.scopes,
      state,
      nonce: query.get('nonce'),
      codeChallenge: challenge,
      prompt,
    },
  };
}

const PROMPT_VALUES = ['none', 'login', 'consent'] as const;

/** The prompt values asked for, or why they cannot be honoured. */
function parsePrompt(value: string | null): Prompt | string {
  const values = (value ?? '').split(' ').filter(Boolean);
  const unknown = values.find((item) => !(PROMPT_VALUES as readonly string[]).includes(item));
  if (unknown !== undefined) {
    return unknown === 'select_account'
      ? 'prompt=select_account is not supported: the platform has no account chooser; prompt=login lets another person sign in.'
      : 'prompt may hold only none, login and consent.';
  }
  const has = (item: string) => values.includes(item);
  if (has('none') && values.some((item) => item !== 'none')) return 'prompt=none cannot be combined with other values.';
  return { none: has('none'), login: has('login'), consent: has('consent') };
}

function page(message: string): AuthorizeCheck {
  return { kind: 'page', title: 'This sign-in link is not valid', message };
}

/** The redirect back to the app, with `code` or `error` and the app's own `state`. */
export function redirectWith(redirectUri: string, params: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== null) url.searchParams.set(name, value);
  return url.toString();
}

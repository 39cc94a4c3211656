import type { PendingSignIn } from './sign-in-flow';

/** What the platform's redirect to the callback route means, before any request is made. */
export type CallbackResult =
  | { kind: 'code'; code: string; pending: PendingSignIn }
  | { kind: 'problem'; title: string; message: string; code: string | null }
  /** A silent sign-in (`prompt=none`) the platform could not grant: the person signs in as usual. */
  | { kind: 'sign-in'; returnTo: string }
  /** Back from the platform's logout, which adds nothing to the URL. */
  | { kind: 'signed-out' };

const AUTHORIZE_ERRORS: Record<string, string> = {
  access_denied: 'Access was not granted, so the app cannot show your data.',
  invalid_scope: 'The platform did not accept the permissions this app asks for.',
  unauthorized_client: 'The platform does not allow this app to sign in this way.',
  invalid_request: 'The platform did not accept the sign-in request.',
  server_error: 'The platform ran into a problem while signing you in.',
  temporarily_unavailable: 'The platform cannot sign you in right now.',
};

export function readCallback(params: URLSearchParams, pending: PendingSignIn | null): CallbackResult {
  if (!params.has('code') && !params.has('error') && !params.has('state')) return { kind: 'signed-out' };
  const error = params.get('error');
  // login_required, consent_required, or anything else: a silent attempt only ever falls back to the page.
  if (error && pending?.silent && params.get('state') === pending.state)
    return { kind: 'sign-in', returnTo: pending.returnTo };
  if (error) {
    const description = params.get('error_description');
    const known = AUTHORIZE_ERRORS[error];
    const message = [known, description].filter(Boolean).join(' ') || `The platform answered "${error}".`;
    return { kind: 'problem', title: 'Sign-in did not complete', message, code: error };
  }
  if (!pending) {
    return {
      kind: 'problem',
      title: 'This sign-in link has already been used',
      message: 'It was not started in this tab, or it was finished already. Start again to sign in.',
      code: null,
    };
  }
  if (params.get('state') !== pending.state) {
    return {
      kind: 'problem',
      title: 'This sign-in could not be verified',
      message:
        'The answer from the platform does not match the sign-in this tab started, so it was not used. This happens when sign-ins overlap or an old link is reopened. Start again.',
      code: 'state_mismatch',
    };
  }
  const code = params.get('code');
  if (!code) {
    return {
      kind: 'problem',
      title: 'Sign-in did not complete',
      message: 'The platform sent no authorization code.',
      code: null,
    };
  }
  return { kind: 'code', code, pending };
}

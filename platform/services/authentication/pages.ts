import { escapeHtml, renderPage, type Page } from './page-layout';
import { describeScope } from './scopes';

const FORM_ACTION = '/authentication/v2/authorize';
/** The person's own page of the apps they allowed (account-routes.ts); under the session cookie's path. */
export const ACCOUNT_APPS_PATH = '/authentication/account/apps';

export function signInPage(input: {
  requestId: string;
  csrf: string;
  appName: string;
  email?: string;
  error?: string;
}): Page {
  const error = input.error ? `<div class="error" role="alert" id="signin-error">${escapeHtml(input.error)}</div>` : '';
  const describedBy = input.error ? ' aria-describedby="signin-error" aria-invalid="true"' : '';
  return renderPage(
    'Sign in',
    `<h1>Sign in</h1><p>to continue to <strong>${escapeHtml(input.appName)}</strong></p>${error}
<form method="post" action="${FORM_ACTION}/signin">
<input type="hidden" name="request_id" value="${escapeHtml(input.requestId)}">
<input type="hidden" name="csrf" value="${escapeHtml(input.csrf)}">
<label for="username">Email</label>
<input id="username" name="username" type="email" autocomplete="username" required autofocus value="${escapeHtml(input.email ?? '')}"${describedBy}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}>
<div class="actions"><button class="primary" type="submit">Sign in</button></div>
</form>`,
  );
}

/**
 * The consent page. When the person allowed the app some scopes before, the ones it asks for now
 * are marked new, so they see what changed rather than the whole list again, unexplained.
 */
export function consentPage(input: {
  requestId: string;
  csrf: string;
  appName: string;
  userName: string;
  scopes: string[];
  allowed: string[];
}): Page {
  const isNew = (scope: string) => input.allowed.length > 0 && !input.allowed.includes(scope);
  const items = input.scopes
    .map(
      (scope) =>
        `<li>${isNew(scope) ? '<strong>New:</strong> ' : ''}${escapeHtml(describeScope(scope))} <code>${escapeHtml(scope)}</code></li>`,
    )
    .join('');
  const before = input.scopes.some(isNew)
    ? '<p>You allowed this app some of this before; it now asks for more.</p>'
    : '';
  return renderPage(
    'Allow access',
    `<h1>Allow access?</h1><p><strong>${escapeHtml(input.appName)}</strong> wants to act as
<strong>${escapeHtml(input.userName)}</strong> and be able to:</p>${before}
<ul aria-label="Requested permissions">${items}</ul>
<p class="note">Once allowed, the app is not asked about these again. <a href="${ACCOUNT_APPS_PATH}">Apps you allowed</a> lets you withdraw access.</p>
<form method="post" action="${FORM_ACTION}/consent">
<input type="hidden" name="request_id" value="${escapeHtml(input.requestId)}">
<input type="hidden" name="csrf" value="${escapeHtml(input.csrf)}">
<div class="actions"><button type="submit" name="decision" value="deny">Deny</button>
<button class="primary" type="submit" name="decision" value="allow" autofocus>Allow</button></div>
</form>`,
  );
}

export function errorPage(title: string, message: string): Page {
  return renderPage(
    title,
    `<h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p>
<p>Go back to the app you came from and sign in again.</p>`,
  );
}

export function signedOutPage(): Page {
  return renderPage(
    'Signed out',
    `<h1>You are signed out</h1><p role="status">This browser is no longer signed in to the platform.
Apps you used keep their own sessions until you sign out of them too.</p>`,
  );
}

export function rateLimitedPage(retryAfterSeconds: number): Page {
  return renderPage(
    'Too many requests',
    `<h1>Too many sign-in requests</h1>
<p role="alert">This app started more sign-ins than the platform allows in a minute. Wait ${retryAfterSeconds} seconds, then try again.</p>`,
  );
}

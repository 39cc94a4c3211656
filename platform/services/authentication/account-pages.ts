import type { Consent } from '../../storage/repos/consents';
import { escapeHtml, renderPage, type Page } from './page-layout';
import { describeScope } from './scopes';

const dateOf = (date: Date) => date.toISOString().slice(0, 10);

function appItem(consent: Consent, formToken: string, action: string): string {
  const scopes = consent.scopes
    .map((scope) => `<li>${escapeHtml(describeScope(scope))} <code>${escapeHtml(scope)}</code></li>`)
    .join('');
  const name = escapeHtml(consent.appName);
  return `<li class="app"><h2>${name}</h2>
<p>Allowed on ${dateOf(consent.grantedAt)}${consent.updatedAt > consent.grantedAt ? `, last widened on ${dateOf(consent.updatedAt)}` : ''}.</p>
<ul aria-label="What ${name} may do">${scopes}</ul>
<form method="post" action="${action}">
<input type="hidden" name="csrf" value="${escapeHtml(formToken)}">
<input type="hidden" name="client_id" value="${escapeHtml(consent.clientId)}">
<div class="actions"><button type="submit">Withdraw access for ${name}</button></div>
</form></li>`;
}

/** The apps a person allowed, each with what it may do and a button that withdraws it. */
export function accountAppsPage(input: {
  userName: string;
  consents: Consent[];
  formToken: string;
  action: string;
  withdrawn: boolean;
}): Page {
  const status = input.withdrawn
    ? '<p role="status">Access withdrawn. The app is signed out and asks again next time.</p>'
    : '';
  const list = input.consents.length
    ? `<ul class="apps" aria-label="Apps you allowed">${input.consents.map((consent) => appItem(consent, input.formToken, input.action)).join('')}</ul>`
    : '<p>You have not allowed any app yet.</p>';
  return renderPage(
    'Apps you allowed',
    `<h1>Apps you allowed</h1><p>Signed in as <strong>${escapeHtml(input.userName)}</strong>. An app here signs you in
without asking again. Withdrawing its access signs it out everywhere; it asks you again next time.</p>${status}${list}`,
  );
}

export function accountSignedOutPage(): Page {
  return renderPage(
    'Apps you allowed',
    `<h1>Apps you allowed</h1><p role="status">This browser is not signed in to the platform. Sign in through one of
your apps, then come back here to see the apps you allowed.</p>`,
  );
}

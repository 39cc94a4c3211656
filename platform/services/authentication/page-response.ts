import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HttpError } from '../../http/errors';
import { controlTextProblem } from '../../http/text-rules';
import type { Page } from './page-layout';
import { errorPage } from './pages';

/**
 * The headers every sign-in, consent and error page carries: no framing (clickjacking), no referrer
 * (the URL holds the request), no caching, and a CSP that allows only the page's own inline style
 * and form posts to the platform (and, for consent, to the app's origin the answer goes back to).
 */
export function pageHeaders(page: Page, formOrigin?: string): Record<string, string> {
  const formAction = ["'self'", formOrigin].filter(Boolean).join(' ');
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${page.nonce}'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  };
}

export function sendPage(c: Context, page: Page, status: ContentfulStatusCode = 200, formOrigin?: string): Response {
  for (const [name, value] of Object.entries(pageHeaders(page, formOrigin))) c.header(name, value);
  return c.body(page.html, status);
}

/** A page to throw, for refusals decided before a handler runs (rate limits). */
export const pageError = (page: Page, status: ContentfulStatusCode): HttpError =>
  new HttpError(status, page.html, pageHeaders(page));

/** The paths a browser opens (sign-in, consent, logout): they answer with pages, not JSON. */
export const isBrowserPagePath = (path: string) =>
  /^\/authentication\/(v2\/(authorize|logout)|account)(\/|$)/.test(path);

/** A malformed request to one of those paths, refused with an error page (400). */
export const badPageRequest = (message: string): HttpError =>
  pageError(errorPage('This request is not valid', message), 400);

/**
 * Whether a form post comes from one of the platform's own pages. A post that a page of another origin
 * made is refused outright; our pages send `Origin: null` (their Referrer-Policy is no-referrer), and a
 * browser that sends none is left to the form's token.
 */
export function fromOwnPage(c: Context, issuer: string): boolean {
  const from = c.req.header('origin');
  const ours = [new URL(c.req.url).origin, URL.canParse(issuer) ? new URL(issuer).origin : '', 'null'];
  return from === undefined || ours.includes(from);
}

/** A form of the platform's pages (sign-in, consent, the account page), with nothing in them that a person could not have typed. */
export async function readPageForm(c: Context): Promise<Record<string, unknown>> {
  const form = await c.req.parseBody().catch(() => {
    throw badPageRequest('The form could not be read.');
  });
  for (const [name, value] of Object.entries(form)) {
    const problem = controlTextProblem(name) ?? (typeof value === 'string' ? controlTextProblem(value) : undefined);
    if (problem) throw badPageRequest(`A field of the form ${problem}.`);
  }
  return form;
}

import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HttpError } from '../../http/errors';
import type { Page } from './page-layout';

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
export const pageError = (page: Page, status: ContentfulStatusCode): HttpError => new HttpError(status, page.html, pageHeaders(page));

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

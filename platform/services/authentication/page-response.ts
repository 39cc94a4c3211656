import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HttpError } from '../../http/errors';
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
export const pageError = (page: Page, status: ContentfulStatusCode): HttpError => new HttpError(status, page.html, pageHeaders(page));

/** The paths a browser opens (sign-in, consent, logout): they answer with pages, not JSON. */
export const isBrowserPagePath = (path: string) => /^\/authentication\/v2\/(authorize|logout)(\/|$)/.test(path);

/** A malformed request to one of those paths, refused with an error page (400). */
export const badPageRequest = (message: string): HttpError =>
  pageError(errorPage('This request is not valid', message), 400);

import type { Context } from 'hono';
import { oauthError } from '../../http/errors';
import { controlTextProblem } from '../../http/text-rules';

const MAX_FORM_BYTES = 16 * 1024;

/**
 * Reads an OAuth form body strictly: form-encoded only, nothing in the query string
 * (credentials there end up in logs), and no parameter twice.
 */
export async function readOAuthForm(c: Context): Promise<Map<string, string>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw oauthError(400, 'invalid_request', 'The Content-Type must be application/x-www-form-urlencoded.', 'AUTH-007');
  }
  if (new URL(c.req.url).search.length > 1) {
    throw oauthError(400, 'invalid_request', 'Parameters must be sent in the request body, not in the query string.');
  }
  const text = await c.req.text();
  if (text.length > MAX_FORM_BYTES) throw oauthError(413, 'invalid_request', 'The request body is too large.');
  const form = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(text)) {
    // OAuth values are printable (RFC 6749 appendix A); a control character is never meant.
    const problem = controlTextProblem(name) ?? controlTextProblem(value);
    if (problem)
      throw oauthError(400, 'invalid_request', `The ${JSON.stringify(name.slice(0, 60))} parameter ${problem}.`);
    if (form.has(name)) throw oauthError(400, 'invalid_request', `The ${name} parameter appears more than once.`);
    form.set(name, value);
  }
  return form;
}

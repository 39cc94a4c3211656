import { ApiError } from '../http';

/**
 * What a refused webhooks write was about, read from the platform's answer: the field the rule it
 * names concerns, so a form can say it next to that field, and the words to say.
 */
export type HookField = 'callbackUrl' | 'events' | 'filter' | 'hookAttribute' | 'token' | 'hookExpiry' | 'scope';

// First match wins: a message about a filter's URL-like text should still land on the filter.
const FIELD_WORDS: [HookField, RegExp][] = [
  ['filter', /filter|jsonpath/i],
  ['hookAttribute', /hookattribute|attribute/i],
  ['token', /token|secret/i],
  ['hookExpiry', /expiry|expire/i],
  ['callbackUrl', /callback|allow-host|\bhost\b|\burl\b/i],
  ['events', /\bevent\b|\bsystem\b/i],
  ['scope', /scope|folder/i],
];

/** The webhooks service's words: `detail` is a list of sentences; other bodies were read by ApiError. */
export function webhookErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  try {
    const body = JSON.parse(error.body) as { detail?: unknown };
    const detail = Array.isArray(body.detail) ? body.detail : [body.detail];
    const words = detail.filter((line): line is string => typeof line === 'string' && line.trim() !== '');
    if (words.length > 0) return words.join(' ');
  } catch {
    // Not JSON: ApiError already took the text.
  }
  return error.message;
}

/** The field a refusal concerns, or null when it is about the request as a whole. */
export function webhookErrorField(error: unknown): HookField | null {
  if (!(error instanceof ApiError)) return null;
  // The same owner, event, folder and URL already have a hook: the URL is what a person would change.
  if (error.status === 409) return 'callbackUrl';
  if (error.status !== 400) return null;
  const message = webhookErrorMessage(error);
  return FIELD_WORDS.find(([, words]) => words.test(message))?.[0] ?? null;
}

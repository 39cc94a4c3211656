import type { ApsAuthErrorBody, OAuthErrorBody } from '../../contracts/authentication';
import type { JsonApiErrorBody } from '../../contracts/json-api';
import type { ModelDerivativeErrorBody } from '../../contracts/model-derivative';
import type { OssErrorBody } from '../../contracts/oss';

/**
 * Reads the error bodies the platform speaks. Each service has its own shape, so this tries them in turn
 * and falls back to the text itself; ApiError in http.ts is built from what it finds.
 */
export interface ErrorBodyFacts {
  code: string | null;
  message: string | null;
}

const MAX_TEXT_MESSAGE = 500;

export function readErrorBody(text: string, contentType: string | null): ErrorBodyFacts {
  const trimmed = text.trim();
  if (trimmed === '') return { code: null, message: null };
  const json = parseJson(trimmed);
  if (json !== undefined) return readJsonBody(json);
  if (contentType?.includes('html') || trimmed.startsWith('<')) return { code: null, message: null };
  return { code: null, message: trimmed.slice(0, MAX_TEXT_MESSAGE) };
}

/** Every field any of the platform's error bodies may carry; each is checked before it is used. */
type AnyErrorBody = Partial<
  JsonApiErrorBody & OAuthErrorBody & ApsAuthErrorBody & OssErrorBody & ModelDerivativeErrorBody
> & {
  message?: unknown;
};

function readJsonBody(json: unknown): ErrorBodyFacts {
  // Design Automation's 404s and 409s are a bare JSON string.
  if (typeof json === 'string') return { code: null, message: text(json) };
  if (typeof json !== 'object' || json === null) return { code: null, message: null };
  const body = json as AnyErrorBody;
  return (
    readJsonApi(body) ??
    readOAuth(body) ?? {
      code: null,
      message: text(body.reason) ?? text(body.diagnostic) ?? text(body.message) ?? readFieldErrors(json),
    }
  );
}

/** Design Automation's validation 400: `{"commandLine": ["Invalid switch …"]}`, a field to its messages. */
function readFieldErrors(json: object): string | null {
  const entries = Object.entries(json).filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]));
  const messages = entries.flatMap(([field, list]) =>
    list.filter((item) => typeof item === 'string').map((item) => `${field}: ${item}`),
  );
  return messages.length > 0 ? messages.slice(0, 3).join(' ') : null;
}

function readJsonApi(body: AnyErrorBody): ErrorBodyFacts | null {
  if (!Array.isArray(body.errors)) return null;
  const errors = body.errors.filter((error) => typeof error === 'object' && error !== null);
  const first = errors[0];
  if (!first) return null;
  const messages = errors.map((error) => text(error.detail) ?? text(error.title)).filter((message) => message !== null);
  return {
    code: text(first.code) ?? text(first.title),
    message: messages.length > 0 ? [...new Set(messages)].slice(0, 3).join(' ') : null,
  };
}

function readOAuth(body: AnyErrorBody): ErrorBodyFacts | null {
  const code = text(body.error) ?? text(body.errorCode);
  const message = text(body.userMessage) ?? text(body.error_description) ?? text(body.developerMessage);
  return code || message ? { code, message } : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function parseJson(text: string): unknown {
  if (!text.startsWith('{') && !text.startsWith('[') && !text.startsWith('"')) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** What a status means, for bodies that say nothing useful. */
export function describeStatus(status: number): string {
  if (status === 0) return 'The platform could not be reached. Check that it is running (npm start) and try again.';
  if (status === 400) return 'The platform did not accept the request.';
  if (status === 401) return 'Your session is no longer valid. Sign in again.';
  if (status === 403) return 'You do not have permission to do this.';
  if (status === 404) return 'The platform could not find what was asked for.';
  if (status === 409) return 'This conflicts with something that already exists.';
  if (status === 413) return 'This is larger than the platform accepts.';
  if (status === 429) return 'The platform is receiving too many requests. Wait a moment and try again.';
  if (status >= 500) return 'The platform ran into a problem. Try again in a moment.';
  return `The platform answered with status ${status}.`;
}

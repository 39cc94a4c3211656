import { wait } from '../lib/wait';
import { describeStatus, readErrorBody } from './error-body';
import { reportRateLimitWait } from './rate-limit-status';
import { createDefaultBudgets, type BudgetFor } from './request-budget';

/**
 * The one way the app talks to the platform. It adds the bearer token, renews it once on 401, waits out
 * 429s, and turns every failure into an ApiError. It never navigates: the app is told through
 * `onSessionExpired` and decides what the person sees.
 */

export interface HttpSession {
  getAccessToken: () => string | null;
  /** A new access token after a 401, or null when the session cannot be renewed. */
  refreshAccessToken: () => Promise<string | null>;
  /** The platform refused the session even after renewal: the person has to sign in again. */
  onSessionExpired: () => void;
}

export interface HttpConfig extends HttpSession {
  baseUrl: string;
  fetch?: typeof fetch;
  maxRateLimitRetries?: number;
  /** A 429 asking for a longer wait than this fails at once rather than leaving the person waiting. */
  maxRetryAfterSeconds?: number;
  /** The client-side request budgets (request-budget.ts) that keep the app under the services' limits. */
  budgetFor?: BudgetFor;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  signal: AbortSignal;
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  headers?: Record<string, string>;
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded; undefined fields are left out. */
  form?: Record<string, string | undefined>;
  /** False for calls that carry their own credentials, such as the OAuth token endpoint. */
  authenticated?: boolean;
  /** Lets the request finish after the page is left (a revoke sent as the app leaves for sign-out). */
  keepalive?: boolean;
}

export interface ApiErrorInit {
  status: number;
  code: string | null;
  message: string;
  requestId: string | null;
  body: string;
  method: string;
  url: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the platform could not be reached. */
  readonly status: number;
  /** The service's own error code (`invalid_grant`, `AUTH-006`, `BAD_INPUT`…), when it gave one. */
  readonly code: string | null;
  readonly requestId: string | null;
  /** The response body as received, for the details view. */
  readonly body: string;
  readonly method: string;
  readonly url: string;

  constructor(init: ApiErrorInit, options?: ErrorOptions) {
    super(init.message, options);
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.body = init.body;
    this.method = init.method;
    this.url = init.url;
  }

  static async fromResponse(response: Response, method: string, url: string): Promise<ApiError> {
    const body = await response.text().catch(() => '');
    const facts = readErrorBody(body, response.headers.get('Content-Type'));
    const requestId =
      response.headers.get('x-request-id') ??
      response.headers.get('x-ads-request-id') ??
      response.headers.get('x-ads-troubleshooting');
    const message = facts.message ?? describeStatus(response.status);
    return new ApiError({ status: response.status, code: facts.code, message, requestId, body, method, url });
  }
}

type ResolvedConfig = Required<HttpConfig>;
let config: ResolvedConfig | null = null;
let renewal: Promise<string | null> | null = null;

export function configureHttp(next: HttpConfig): void {
  config = {
    fetch: (...args) => fetch(...args),
    maxRateLimitRetries: 6,
    maxRetryAfterSeconds: 60,
    budgetFor: createDefaultBudgets(),
    ...next,
  };
  renewal = null;
}

export async function request(path: string, options: RequestOptions): Promise<Response> {
  const current = requireConfig();
  const url = buildUrl(current.baseUrl, path, options.query);
  const method = options.method ?? 'GET';
  // The token is for the platform only, never for other hosts a link may point to.
  const authenticated = (options.authenticated ?? true) && new URL(url).origin === new URL(current.baseUrl).origin;
  let token = authenticated ? current.getAccessToken() : null;
  let renewed = false;
  let rateLimitRetries = 0;
  const budget = current.budgetFor(new URL(url));

  for (;;) {
    await budget?.acquire(options.signal);
    const sentAt = Date.now();
    const response = await send(current, url, method, options, token);
    if (response.status === 429 && rateLimitRetries < current.maxRateLimitRetries) {
      const seconds = parseRetryAfter(response.headers.get('Retry-After')) ?? 2 ** rateLimitRetries;
      if (seconds <= current.maxRetryAfterSeconds) {
        rateLimitRetries += 1;
        await discard(response);
        // The limit is the app's, not this request's: the budget holds back the service's other
        // requests too, and its wait is what the person is told about.
        if (budget) budget.pause(seconds, sentAt);
        else await waitOutRefusal(url, seconds, options.signal);
        continue;
      }
    }
    if (response.status === 401 && authenticated) {
      if (!renewed) {
        renewed = true;
        const next = await nextToken(current, token);
        if (next) {
          token = next;
          await discard(response);
          continue;
        }
      }
      current.onSessionExpired();
    }
    if (!response.ok) throw await ApiError.fromResponse(response, method, url);
    return response;
  }
}

export async function requestJson<T>(path: string, options: RequestOptions): Promise<T> {
  const response = await request(path, options);
  const body = await response.text();
  try {
    // The wire types in contracts/ describe what the platform sends; this is where we trust them.
    return JSON.parse(body) as T;
  } catch (cause) {
    const message = 'The platform answered with something that is not JSON.';
    const method = options.method ?? 'GET';
    throw new ApiError(
      { status: response.status, code: null, message, requestId: null, body, method, url: path },
      { cause },
    );
  }
}

export async function requestVoid(path: string, options: RequestOptions): Promise<void> {
  await discard(await request(path, options));
}

async function send(
  current: ResolvedConfig,
  url: string,
  method: string,
  options: RequestOptions,
  token: string | null,
) {
  const headers = new Headers(options.headers);
  let body: string | undefined;
  if (options.form) {
    const form = Object.entries(options.form).filter((entry): entry is [string, string] => entry[1] !== undefined);
    body = new URLSearchParams(form).toString();
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  }
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await current.fetch(url, {
      method,
      headers,
      body,
      signal: options.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch (cause) {
    if (options.signal.aborted) throw cause;
    const init = { status: 0, code: null, message: describeStatus(0), requestId: null, body: '', method, url };
    throw new ApiError(init, { cause });
  }
}

/** Another request may already have renewed the token; reuse it rather than renewing twice. */
function nextToken(current: ResolvedConfig, used: string | null): Promise<string | null> {
  const latest = current.getAccessToken();
  if (latest && latest !== used) return Promise.resolve(latest);
  return renewAccessToken();
}

/**
 * Renews the access token now (before it expires, say), joining a renewal already under way. There is
 * only ever one: refresh tokens rotate, and two renewals with the same one would end the session.
 */
export function renewAccessToken(): Promise<string | null> {
  const current = requireConfig();
  renewal ??= current.refreshAccessToken().finally(() => {
    renewal = null;
  });
  return renewal;
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  const url = new URL(/^https?:\/\//.test(path) ? path : `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value];
    for (const item of values) if (item !== undefined && item !== null) url.searchParams.append(key, String(item));
  }
  return url.toString();
}

async function waitOutRefusal(url: string, seconds: number, signal: AbortSignal): Promise<void> {
  const ended = reportRateLimitWait({
    service: serviceName(new URL(url).pathname),
    until: Date.now() + seconds * 1000,
    refused: true,
  });
  try {
    await wait(seconds * 1000, signal);
  } finally {
    ended();
  }
}

const SERVICES: [RegExp, string][] = [
  [/^\/+oss\//, 'OSS'],
  [/^\/+modelderivative\//, 'Model Derivative'],
  [/^\/+authentication\//, 'Authentication'],
  [/^\/+da\//, 'Design Automation'],
  [/^\/+(project|data)\//, 'Data Management'],
];
const serviceName = (pathname: string) => SERVICES.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'The platform';

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => {});
}

function requireConfig(): ResolvedConfig {
  if (!config) throw new Error('configureHttp must be called before the first request.');
  return config;
}

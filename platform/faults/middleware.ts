import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ServerResponse } from 'node:http';
import { claimedIdentity } from '../inspector/identity';
import { cutResponse } from './cut';
import { faultError } from './fault-errors';
import { serviceOfPath, type FaultDecision, type FaultSet } from './fault-set';

/** Names the rules that fired on a response, so a test or a person reading a trace can tell a fault from a bug. */
export const FAULT_HEADER = 'X-Platform-Fault';

export interface FaultMiddlewareOptions {
  /** Waits out a rule's latency; tests pass one they resolve themselves. */
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The platform's own endpoints (the fault rules among them) are never faulted: a rule on `/**` must not lock them out. */
const EXEMPT = '/_platform/';

/**
 * The client id a request claims, for matching only, read as the request inspector reads it (a
 * Bearer JWT's claims unchecked, Basic credentials), else the `client_id` query parameter (the OAuth
 * endpoints). A form body is not read: that would cost every token request a parse before its handler's own.
 */
export function claimedApp(c: Context): string | undefined {
  return claimedIdentity(c.req.header('authorization') ?? null, null).app ?? c.req.query('client_id');
}

/** The rules a request drew, from the outer half to the inner. */
const decisions = new WeakMap<Request, FaultDecision>();

/**
 * Applies the fault rules: off (one check of an empty set) until a rule is added. Two halves: the
 * outer, installed before compression, draws the rules, waits out their latency and cuts the body
 * as it goes on the wire; the inner, installed after CORS and the request inspector, answers a
 * rule's status, so a browser can read it and the inspector lists it. A browser's preflight is
 * never faulted: its failure would hide the status a rule means the request to get.
 */
export function faultMiddleware(
  faults: FaultSet,
  options: FaultMiddlewareOptions = {},
): { outer: MiddlewareHandler; inner: MiddlewareHandler } {
  const sleep = options.sleep ?? defaultSleep;
  const outer: MiddlewareHandler = async (c, next) => {
    if (!faults.size || c.req.method === 'OPTIONS' || c.req.path.startsWith(EXEMPT)) return next();
    const decision = faults.take({ method: c.req.method, path: c.req.path, app: claimedApp(c) });
    if (!decision) return next();
    if (decision.latencyMs > 0) await sleep(decision.latencyMs);
    decisions.set(c.req.raw, decision);
    await next();
    if (decision.status) return;
    // Under @hono/node-server the cut closes the server's own response; elsewhere the body stream fails.
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    const response =
      decision.cutAfterBytes === undefined ? c.res : cutResponse(c.res, decision.cutAfterBytes, outgoing);
    const headers = new Headers(response.headers);
    headers.set(FAULT_HEADER, decision.ruleIds.join(', '));
    c.res = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
  const inner: MiddlewareHandler = async (c, next) => {
    const decision = decisions.get(c.req.raw);
    if (!decision?.status) return next();
    return answer(c, decision.status, decision.ruleIds);
  };
  return { outer, inner };
}

function answer(c: Context, { code, retryAfter, ruleId }: NonNullable<FaultDecision['status']>, ruleIds: string[]) {
  const error = faultError(serviceOfPath(c.req.path), code, ruleId);
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  // A 429 without Retry-After would leave a client guessing; the platform's own limiter never sends one.
  const wait = retryAfter ?? (code === 429 ? 1 : undefined);
  if (wait !== undefined) c.header('Retry-After', String(wait));
  c.header(FAULT_HEADER, ruleIds.join(', '));
  const status = code as ContentfulStatusCode;
  if (typeof error.body !== 'string') return c.json(error.body, status);
  return 'Content-Type' in error.headers ? c.body(error.body, status) : c.text(error.body, status);
}

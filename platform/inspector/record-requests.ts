import type { MiddlewareHandler } from 'hono';
import { INSPECTOR_PATH, type InspectedBody, type InspectedHeader } from '../../contracts/request-inspector';
import { requestIdOf } from '../http/response-headers';
import type { AccessClaims } from '../services/authentication/signing';
import { captureRequestBody, captureResponseBody, type CapturedBytes } from './capture';
import { serviceOfPath } from '../http/service-of-path';
import { claimedIdentity, type Who } from './identity';
import type { Recorder } from './recorder';
import { redact } from './redact';

export interface RecordOptions {
  /**
   * Requests left out. By default the inspector's own, which a page polling it would fill the log
   * with, and the health checks a load balancer makes every few seconds.
   */
  skip?: (path: string) => boolean;
}

const SKIPPED = /^\/(?:health|ready)$/;
const skippedByDefault = (path: string) =>
  path === INSPECTOR_PATH || path.startsWith(`${INSPECTOR_PATH}/`) || SKIPPED.test(path);

const headersOf = (headers: Headers): InspectedHeader[] =>
  [...headers].map(([name, value]) => ({ name, value: redact({ kind: 'header', name, value }) }));

const decoder = new TextDecoder();

function bodyOf(contentType: string | null, declared: string | null, captured: CapturedBytes | null): InspectedBody {
  const length = declared !== null && /^\d+$/.test(declared) ? Number(declared) : null;
  if (!captured) return { contentType, size: length, text: null, truncated: false };
  const text = redact({ kind: 'body', contentType, text: decoder.decode(captured.bytes) });
  return { contentType, size: captured.size ?? length, text, truncated: captured.truncated };
}

const FORM = /^application\/x-www-form-urlencoded/i;

/**
 * Records every request into `recorder`, redacted, once its answer's headers are ready. Text bodies are
 * watched up to the recorder's capture limit as their readers take them; other bodies are never touched.
 * Installed just inside `compressJsonAnswers()`, it sees answers as their handlers made them.
 */
export function recordRequests(
  recorder: Recorder,
  options: RecordOptions = {},
): MiddlewareHandler<{ Variables: { token?: AccessClaims } }> {
  const skip = options.skip ?? skippedByDefault;
  const limit = recorder.limits.maxBodyBytes;
  return async (c, next) => {
    if (skip(c.req.path)) return next();
    const startedAt = new Date();
    const started = performance.now();
    const requestCapture = captureRequestBody(c, limit);
    await next();
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    const responseCaptured = await captureResponseBody(c, limit);
    const requestCaptured = await requestCapture.result();

    const requestType = c.req.header('content-type') ?? null;
    const claims = c.get('token');
    const form =
      requestCaptured && FORM.test(requestType ?? '')
        ? new URLSearchParams(decoder.decode(requestCaptured.bytes))
        : null;
    const who: Who = claims
      ? { app: claims.clientId, user: claims.userId }
      : claimedIdentity(c.req.header('authorization') ?? null, form);
    const url = new URL(c.req.url);
    const requestBody = bodyOf(requestType, c.req.header('content-length') ?? null, requestCaptured);
    const responseBody = bodyOf(
      c.res.headers.get('content-type'),
      c.res.headers.get('content-length'),
      responseCaptured,
    );
    recorder.record({
      requestId:
        requestIdOf(c) === 'unknown' ? (c.res.headers.get('x-request-id') ?? crypto.randomUUID()) : requestIdOf(c),
      startedAt: startedAt.toISOString(),
      method: c.req.method,
      path: redact({ kind: 'url', url: `${url.pathname}${url.search}` }),
      url: redact({ kind: 'url', url: url.href }),
      service: serviceOfPath(c.req.path),
      status: c.res.status,
      durationMs,
      app: who.app,
      user: who.user,
      requestSize: requestBody.size,
      responseSize: responseBody.size,
      request: { headers: headersOf(c.req.raw.headers), body: requestBody },
      response: { headers: headersOf(c.res.headers), body: responseBody },
    });
  };
}

import { vi } from 'vitest';

export interface RecordedCall {
  url: URL;
  method: string;
  headers: Headers;
  body: string | null;
  keepalive: boolean;
}

type Responder = (call: RecordedCall) => Response | Promise<Response>;

/** A fetch stand-in that records every call and answers through `respond`, for injection into configureHttp. */
export function mockFetch(respond: Responder) {
  const calls: RecordedCall[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const call: RecordedCall = {
      url: new URL(input instanceof Request ? input.url : String(input)),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
      keepalive: init?.keepalive === true,
    };
    calls.push(call);
    return respond(call);
  });
  return { fetch: fetchFn, calls };
}

/** Answers with each response in turn; the last one repeats. */
export function inOrder(...responses: (() => Response)[]): Responder {
  let index = 0;
  return () => {
    const make = responses[Math.min(index, responses.length - 1)];
    index += 1;
    if (!make) throw new Error('inOrder needs at least one response');
    return make();
  };
}

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return new Response(JSON.stringify(body), { ...init, headers });
}

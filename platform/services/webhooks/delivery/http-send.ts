import { callbackHostAllowed, callbackHostMessage } from '../../../http/outbound-hosts';
import type { HeaderLine } from '../../../storage/repos/wh-delivery-rows';

/** The most of an answer's body read and kept: a hostile receiver cannot make the platform hold more. */
export const MAX_ANSWER_BYTES = 64 * 1024;

export interface SendOptions {
  timeoutMs: number;
  /** `serve --automation-allow-host`: the hosts besides loopback a callback may reach. */
  allowHosts: readonly string[];
  /** The global fetch unless a test passes its own. */
  fetch?: typeof fetch;
}

export interface SendResult {
  ok: boolean;
  response: { status: number; headers: HeaderLine[]; body: string } | null;
  /** Why it failed, in words; null when delivered. */
  error: string | null;
}

async function readCapped(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < MAX_ANSWER_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    // Whatever is left unread is not wanted: the connection goes rather than wait for it.
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8');
}

function failureWords(error: unknown, url: URL, timeoutMs: number): string {
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `The receiver did not answer within ${timeoutMs} ms.`;
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  if (cause?.code === 'ECONNREFUSED') return `The receiver at ${url.host} refused the connection.`;
  if (cause?.code === 'ENOTFOUND') return `The host ${url.hostname} was not found.`;
  if (cause?.code === 'ECONNRESET' || cause?.code === 'UND_ERR_SOCKET')
    return `The receiver at ${url.host} closed the connection before it answered.`;
  const detail = cause?.message ?? (error instanceof Error ? error.message : String(error));
  return `The request to ${url.host} failed: ${detail}${cause?.code ? ` (${cause.code})` : ''}.`;
}

/**
 * POSTs one callback: to loopback or an allowed host only, within the timeout (headers and body),
 * never following a redirect, reading at most 64 KiB of the answer. Never throws.
 */
export async function sendCallback(
  callbackUrl: string,
  headers: readonly HeaderLine[],
  body: string,
  options: SendOptions,
): Promise<SendResult> {
  if (!callbackHostAllowed(callbackUrl, options.allowHosts))
    return { ok: false, response: null, error: callbackHostMessage(callbackUrl) };
  const url = new URL(callbackUrl);
  const signal = AbortSignal.timeout(options.timeoutMs);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: headers.map((h): [string, string] => [h.name, h.value]),
      body,
      redirect: 'manual',
      signal,
    });
  } catch (error) {
    return { ok: false, response: null, error: failureWords(error, url, options.timeoutMs) };
  }
  const answerHeaders = [...response.headers].map(([name, value]) => ({ name, value }));
  let answerBody = '';
  let cut: string | null = null;
  try {
    answerBody = await readCapped(response);
  } catch (error) {
    cut = failureWords(error, url, options.timeoutMs);
  }
  const answer = { status: response.status, headers: answerHeaders, body: answerBody };
  // The status decides, as in the cloud: a 2xx whose body never ended was still received.
  if (response.status >= 200 && response.status < 300) return { ok: true, response: answer, error: null };
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get('location');
    const to = location ? ` to ${location}` : '';
    return {
      ok: false,
      response: answer,
      error: `The receiver answered ${response.status} (a redirect${to}); redirects are not followed.`,
    };
  }
  const reason = `The receiver answered ${response.status}; only a 2xx answer counts as delivered.`;
  return { ok: false, response: answer, error: cut ? `${reason} ${cut}` : reason };
}

import type { SignedS3UploadResponse } from '../../../contracts/oss';
import { ApiError } from '../../api/http';
import { DEFAULT_BACKOFF, withRetry, type BackoffPolicy, type Timers } from './backoff';
import type { Limiter } from './limiter';
import { partRange, planParts, type PartPlan } from './part-plan';

/**
 * Step 2 of an upload, the content: parts cut from `file.slice()` (the file is never read whole) go
 * straight to signed part URLs, a bounded number at a time, each retried with backoff. A resumed upload
 * keeps its `uploadKey` and skips the parts already sent.
 */

/** A part PUT the platform refused (`status`), or 0 when the network failed. */
export class PartError extends Error {
  override readonly name = 'PartError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Sends one part's bytes; reports bytes sent so far of this attempt; throws PartError. */
export type PartSender = (
  url: string,
  body: Blob,
  signal: AbortSignal,
  onProgress: (sent: number) => void,
) => Promise<void>;

export interface SignRequest {
  parts: number;
  firstPart: number;
  uploadKey?: string;
}

export interface ContentDeps {
  sign: (request: SignRequest, signal: AbortSignal) => Promise<SignedS3UploadResponse>;
  sendPart: PartSender;
  limiter: Limiter;
  timers: Timers;
  policy?: BackoffPolicy;
  /** Parts one file keeps in flight (the limiter bounds all files together). */
  parallel?: number;
  plan?: (size: number) => PartPlan;
}

export interface ContentState {
  uploadKey?: string;
  doneParts: ReadonlySet<number>;
}

export interface ContentEvents {
  uploadStarted: (uploadKey: string) => void;
  /** The upload under the old key is gone (expired): every part goes again under a new one. */
  uploadRestarted: () => void;
  partFinished: (partNumber: number) => void;
  partFailed: (partNumber: number, error: unknown) => void;
  /** Bytes sent since the last report; negative when a failed attempt's bytes no longer count. */
  bytesSent: (delta: number) => void;
}

const URLS_PER_SIGN = 25;
/** How far ahead of the part being sent the next URLs are signed: more than the parts in flight. */
const SIGN_AHEAD_PARTS = 8;
/** A URL this close to expiry is signed again rather than risked on a part that takes a while. */
const URL_MARGIN_MS = 30_000;

const retryable = (error: unknown) => {
  const status = error instanceof PartError || error instanceof ApiError ? error.status : -1;
  return status === 0 || status === 403 || status === 408 || status === 429 || status >= 500;
};

/**
 * A part that is the whole file is sent as the file itself: Chromium hands a whole File to its
 * network service by path, while a slice is pumped through the browser process (measured: 0.3 against
 * 6.4 CPU-seconds of the browser process per GiB).
 */
const partBody = (file: Blob, start: number, end: number): Blob =>
  start === 0 && end === file.size ? file : file.slice(start, end);

export async function uploadContent(
  file: Blob,
  state: ContentState,
  deps: ContentDeps,
  events: ContentEvents,
  outer: AbortSignal,
): Promise<{ uploadKey: string; size: number }> {
  // A part that fails for good stops its siblings too: the file is failed, and a retry resumes it.
  const stop = new AbortController();
  const signal = AbortSignal.any([outer, stop.signal]);
  const plan = (deps.plan ?? planParts)(file.size);
  const policy = deps.policy ?? DEFAULT_BACKOFF;
  const urls = new Map<number, { url: string; expiresAt: number }>();
  let uploadKey = state.uploadKey;
  let done = new Set(state.doneParts);

  const remember = (first: number, response: SignedS3UploadResponse) => {
    const expiresAt = Date.parse(response.urlExpiration);
    response.urls.forEach((url, index) => urls.set(first + index, { url, expiresAt }));
  };
  const signFrom = async (first: number) => {
    const parts = Math.min(URLS_PER_SIGN, plan.count - first + 1);
    const response = await withRetry(() => deps.sign({ parts, firstPart: first, uploadKey }, signal), {
      policy,
      timers: deps.timers,
      signal,
      retryable,
    });
    remember(first, response);
    return response;
  };

  // The first signing starts the upload (or proves the old one alive) before any part goes out:
  // two concurrent first signings would start two uploads.
  const firstPending = firstMissing(plan.count, done);
  try {
    const response = await signFrom(firstPending);
    uploadKey = response.uploadKey;
  } catch (error) {
    if (!(uploadKey && error instanceof ApiError && error.status === 400)) throw error;
    uploadKey = undefined;
    done = new Set();
    urls.clear();
    events.uploadRestarted();
    uploadKey = (await signFrom(1)).uploadKey;
  }
  events.uploadStarted(uploadKey);

  const signing = new Map<number, Promise<unknown>>();
  const pendingFor = (part: number) =>
    [...signing.entries()].find(([first]) => first <= part && part < first + URLS_PER_SIGN)?.[1];
  const startSigning = (part: number) => {
    const started = signFrom(part).finally(() => signing.delete(part));
    signing.set(part, started);
    return started;
  };
  // The next batch of URLs is asked for while this one still has parts to send, so no part (and,
  // as they all reach the batch's end together, no worker) waits on a signing round trip.
  const signAhead = (part: number) => {
    let ahead = part + SIGN_AHEAD_PARTS;
    while (ahead <= plan.count && done.has(ahead)) ahead += 1;
    if (ahead > plan.count || urls.has(ahead) || pendingFor(ahead)) return;
    // A failure here is met again, and retried, by the part that needs the URL.
    startSigning(ahead).catch(() => undefined);
  };
  const urlFor = async (part: number): Promise<string> => {
    for (;;) {
      const known = urls.get(part);
      if (known && known.expiresAt - deps.timers.now() > URL_MARGIN_MS) {
        signAhead(part);
        return known.url;
      }
      const pending = pendingFor(part);
      if (pending) {
        await pending;
        if (urls.get(part)?.url !== known?.url) continue;
      }
      await startSigning(part);
    }
  };

  const queue = Array.from({ length: plan.count }, (_, index) => index + 1).filter((part) => !done.has(part));
  const sendOne = async (part: number) => {
    const { start, end } = partRange(plan, file.size, part);
    await withRetry(
      async () => {
        const url = await urlFor(part);
        const release = await deps.limiter.acquire(signal);
        let sent = 0;
        try {
          await deps.sendPart(url, partBody(file, start, end), signal, (now) => {
            events.bytesSent(now - sent);
            sent = now;
          });
          events.bytesSent(end - start - sent);
        } catch (error) {
          events.bytesSent(-sent);
          // An expired or refused signature: sign again on the next attempt.
          if (error instanceof PartError && error.status === 403) urls.delete(part);
          if (!signal.aborted) events.partFailed(part, error);
          throw error;
        } finally {
          release();
        }
      },
      { policy, timers: deps.timers, signal, retryable },
    );
    events.partFinished(part);
  };

  let firstError: { error: unknown } | null = null;
  const worker = async () => {
    try {
      for (let part = queue.shift(); part !== undefined; part = queue.shift()) await sendOne(part);
    } catch (error) {
      firstError ??= { error };
      stop.abort();
    }
  };
  await Promise.all(Array.from({ length: Math.min(deps.parallel ?? 4, Math.max(queue.length, 1)) }, worker));
  if (outer.aborted) throw outer.reason instanceof Error ? outer.reason : new DOMException('Aborted', 'AbortError');
  if (firstError) throw (firstError as { error: unknown }).error;
  return { uploadKey, size: file.size };
}

function firstMissing(count: number, done: ReadonlySet<number>): number {
  for (let part = 1; part <= count; part++) if (!done.has(part)) return part;
  return 1;
}

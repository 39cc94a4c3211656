import { fetchFollowingRedirects } from '../../automation/redirects';
import type { CallbackTarget } from './workitem-spec';

/** A callback that takes longer is given up: the state machine never waits on it. */
export const CALLBACK_TIMEOUT_MS = 30_000;

export interface CallbackDeps {
  fetch: typeof fetch;
  logger: { error(message: string, error?: unknown): void };
  /** Every send, so that `idle()` can wait for them and `close()` stop them. */
  track(done: Promise<void>, controller: AbortController): void;
}

async function send(deps: CallbackDeps, target: CallbackTarget, body: unknown, what: string): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`no answer in ${CALLBACK_TIMEOUT_MS} ms`)),
    CALLBACK_TIMEOUT_MS,
  );
  timer.unref();
  const done = (async () => {
    try {
      const json = JSON.stringify(body);
      const response = await fetchFollowingRedirects(deps.fetch, {
        url: target.url,
        method: target.verb,
        headers: target.headers,
        ownHeaders: { 'Content-Type': 'application/json' },
        body: () => json,
        signal: controller.signal,
      });
      await response.body?.cancel();
      if (!response.ok)
        deps.logger.error(`${what} callback to ${new URL(target.url).host} answered ${response.status}`);
    } catch (error) {
      deps.logger.error(`${what} callback to ${new URL(target.url).host} failed`, error);
    } finally {
      clearTimeout(timer);
    }
  })();
  deps.track(done, controller);
  return done;
}

/**
 * `onProgress`: sent in the background, one at a time; reports that arrive while one is on its way
 * are coalesced to the latest, so a program that reports fast cannot queue up requests.
 */
export function progressSender(deps: CallbackDeps, target: CallbackTarget | undefined): (body: unknown) => void {
  let sending = false;
  let next: { body: unknown } | undefined;
  const pump = (body: unknown) => {
    sending = true;
    void send(deps, target!, body, 'onProgress').then(() => {
      sending = false;
      const queued = next;
      next = undefined;
      if (queued) pump(queued.body);
    });
  };
  return (body) => {
    if (!target) return;
    if (sending) next = { body };
    else pump(body);
  };
}

/** `onComplete`: the final status, sent once the workitem has ended, without holding anything up. */
export function sendComplete(deps: CallbackDeps, target: CallbackTarget | undefined, status: object): void {
  if (target) void send(deps, target, status, 'onComplete');
}

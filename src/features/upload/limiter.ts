/** A counting semaphore: at most `limit` holders at once, shared by every file so parts in flight stay bounded overall. */
export interface Limiter {
  acquire(signal: AbortSignal): Promise<() => void>;
}

export function createLimiter(limit: number): Limiter {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    active -= 1;
    waiting.shift()?.();
  };
  return {
    acquire(signal) {
      return new Promise((resolve, reject) => {
        const grant = () => {
          signal.removeEventListener('abort', onAbort);
          active += 1;
          let released = false;
          resolve(() => {
            if (released) return;
            released = true;
            release();
          });
        };
        const onAbort = () => {
          const index = waiting.indexOf(grant);
          if (index >= 0) waiting.splice(index, 1);
          reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
        };
        if (signal.aborted) return onAbort();
        if (active < limit) return grant();
        waiting.push(grant);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}

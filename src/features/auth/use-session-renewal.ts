import { useEffect } from 'react';
import { renewAccessToken } from '../../api/http';
import { sessionActions, useCanRenewSession, useSessionExpiresAt, useSessionIssuedAt } from './session-store';

/** Renew at most this long before expiry: time enough for a slow platform, without renewing needlessly often. */
const MAX_LEAD_MS = 60_000;
/** After a renewal that could not reach the platform, wait this long before trying again. */
export const RENEWAL_RETRY_MS = 15_000;

/**
 * How long from `now` to wait before renewing: until a quarter of the token's life is left, or a
 * minute, whichever is less. With the default hour that is at 59 minutes; with a token that lives
 * 8 seconds (tests), at 6. The point is fixed by the token, so rescheduling never moves it.
 */
export function renewalDelay(issuedAt: number, expiresAt: number, now: number): number {
  const lead = Math.min(MAX_LEAD_MS, Math.max(0, expiresAt - issuedAt) / 4);
  return Math.max(0, expiresAt - lead - now);
}

/**
 * Keeps the session alive while the app is open: renews the access token shortly before it expires, so
 * no request meets a 401 and the person never notices. The renewal is the same single one the HTTP layer
 * runs on a 401, so the two never race with one refresh token. When the platform refuses, the session
 * is over and the person goes to sign-in (and back here afterwards); when it cannot be reached, the
 * renewal is tried again later, and the 401 path remains behind it.
 */
export function useSessionRenewal(): void {
  const expiresAt = useSessionExpiresAt();
  const issuedAt = useSessionIssuedAt();
  const canRenew = useCanRenewSession();

  useEffect(() => {
    if (expiresAt === null || !canRenew) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let retryAt = 0;
    const renew = () => {
      renewAccessToken().then(
        (token) => {
          if (token === null && !stopped) sessionActions.sessionExpired();
        },
        () => {
          if (stopped) return;
          retryAt = Date.now() + RENEWAL_RETRY_MS;
          schedule();
        },
      );
    };
    const schedule = () => {
      clearTimeout(timer);
      const now = Date.now();
      timer = setTimeout(renew, Math.max(renewalDelay(issuedAt ?? now, expiresAt, now), retryAt - now));
    };
    // Timers stop while the computer sleeps and slow down in background tabs: look again on return.
    const onVisible = () => {
      if (document.visibilityState === 'visible') schedule();
    };
    schedule();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [issuedAt, expiresAt, canRenew]);
}

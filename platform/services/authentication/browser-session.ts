import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { BROWSER_SESSION_TTL_SECONDS, type AppDeps } from '../../config';
import { hashSecret, newSecret } from '../../storage/ids';

/**
 * The platform's own sign-in, remembered in this browser, so a second app (or the same one after a
 * refresh token ran out) goes straight to consent. Only the session id's hash is stored.
 */
const SESSION_COOKIE = 'ddm_session';
const COOKIE_PATH = '/authentication';

export function browserSessions({ stores, clock }: Pick<AppDeps, 'stores' | 'clock'>) {
  return {
    async currentUser(c: Context): Promise<string | undefined> {
      const sessionId = getCookie(c, SESSION_COOKIE);
      return sessionId ? stores.oauth.findBrowserSessionUser(hashSecret(sessionId), clock.now()) : undefined;
    },
    async start(c: Context, userId: string): Promise<void> {
      const sessionId = newSecret();
      const expiresAt = new Date(clock.now().getTime() + BROWSER_SESSION_TTL_SECONDS * 1000);
      await stores.oauth.saveBrowserSession(hashSecret(sessionId), userId, expiresAt);
      setCookie(c, SESSION_COOKIE, sessionId, {
        httpOnly: true,
        sameSite: 'Lax',
        path: COOKIE_PATH,
        maxAge: BROWSER_SESSION_TTL_SECONDS,
      });
    },
    /**
     * A form token for pages that act for the signed-in person: derived from the session id, which
     * only this browser knows, so another site cannot forge it and the platform stores nothing more.
     */
    formToken(c: Context): string | undefined {
      const sessionId = getCookie(c, SESSION_COOKIE);
      return sessionId ? hashSecret(`form:${sessionId}`) : undefined;
    },
    /** Forgets the sign-in both here and in the browser; a browser without one is left as it is. */
    async end(c: Context): Promise<void> {
      const sessionId = getCookie(c, SESSION_COOKIE);
      if (!sessionId) return;
      await stores.oauth.deleteBrowserSession(hashSecret(sessionId));
      deleteCookie(c, SESSION_COOKIE, { path: COOKIE_PATH });
    },
  };
}

import type { AppRuntimeConfig } from '../../contracts/app-config';
import { configureHttp } from '../api/http';
import { refreshSession } from '../features/auth/refresh-session';
import { getSession, sessionActions } from '../features/auth/session-store';

/**
 * Connects the HTTP layer to the session without either knowing the other: http.ts asks for tokens
 * through these hooks, and an ended session becomes a store event that RequireSession turns into a
 * visit to the sign-in page. (Cached data is dropped when the next session starts, not here, so the
 * requests that are failing right now end with their own error rather than a cancellation.)
 */
export function wireHttp(config: AppRuntimeConfig, fetchFn?: typeof fetch): void {
  configureHttp({
    baseUrl: config.platformUrl,
    ...(fetchFn ? { fetch: fetchFn } : {}),
    getAccessToken: () => getSession()?.accessToken ?? null,
    refreshAccessToken: () => refreshSession(config.clientId),
    onSessionExpired: () => sessionActions.sessionExpired(),
  });
}

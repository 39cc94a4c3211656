import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { TokenResponse } from '../../../contracts/authentication';
import { userFromTokens, type SessionUser } from './session-user';

/**
 * The signed-in session: client state only. It lives in sessionStorage so a reload keeps the person
 * signed in while a new tab, or a closed browser, starts again from sign-in.
 */

export interface Session {
  accessToken: string;
  refreshToken: string | null;
  /** When the access token was received and when it stops working, in epoch milliseconds. */
  issuedAt: number;
  expiresAt: number;
  user: SessionUser;
}

/** Why the last session ended, so sign-in can say "your session expired" rather than start cold. */
export type SessionEnd = 'signed-out' | 'expired';

interface SessionActions {
  signedIn: (tokens: TokenResponse, now?: number) => void;
  tokensRefreshed: (tokens: TokenResponse, now?: number) => void;
  signedOut: () => void;
  sessionExpired: () => void;
}

interface SessionState {
  session: Session | null;
  ended: SessionEnd | null;
  actions: SessionActions;
}

const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      session: null,
      ended: null,
      actions: {
        signedIn: (tokens, now = Date.now()) =>
          set({
            ended: null,
            session: {
              accessToken: tokens.access_token,
              refreshToken: tokens.refresh_token ?? null,
              issuedAt: now,
              expiresAt: now + tokens.expires_in * 1000,
              user: userFromTokens(tokens),
            },
          }),
        tokensRefreshed: (tokens, now = Date.now()) =>
          set(({ session }) => {
            if (!session) return {};
            return {
              session: {
                ...session,
                accessToken: tokens.access_token,
                // Refresh tokens may rotate; keep the old one when the platform does not send a new one.
                refreshToken: tokens.refresh_token ?? session.refreshToken,
                issuedAt: now,
                expiresAt: now + tokens.expires_in * 1000,
              },
            };
          }),
        signedOut: () => set({ session: null, ended: 'signed-out' }),
        sessionExpired: () => set(({ session }) => (session ? { session: null, ended: 'expired' } : {})),
      },
    }),
    {
      name: 'ddm.session',
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ session, ended }) => ({ session, ended }),
    },
  ),
);

export const useSession = () => useSessionStore((state) => state.session);
export const useIsSignedIn = () => useSessionStore((state) => state.session !== null);
export const useSessionUser = () => useSessionStore((state) => state.session?.user ?? null);
export const useSessionExpiresAt = () => useSessionStore((state) => state.session?.expiresAt ?? null);
export const useCanRenewSession = () => useSessionStore((state) => Boolean(state.session?.refreshToken));
// A session saved by an older version of the app has no issuedAt; the renewal then treats its token as new.
export const useSessionIssuedAt = () => useSessionStore((state) => state.session?.issuedAt ?? null);
export const useSessionEnd = () => useSessionStore((state) => state.ended);
export const useSessionActions = () => useSessionStore((state) => state.actions);

/** For code outside React (the HTTP wiring in src/app): read the session and report events. */
export const getSession = (): Session | null => useSessionStore.getState().session;
export const sessionActions: SessionActions = useSessionStore.getState().actions;

import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { base64UrlEncode } from '../../lib/base64url';
import { getSession, sessionActions, useSessionEnd } from './session-store';

function jwt(claims: Record<string, unknown>) {
  const part = (value: unknown) => base64UrlEncode(new TextEncoder().encode(JSON.stringify(value)));
  return `${part({ alg: 'RS256' })}.${part(claims)}.signature`;
}

const NOW = 1_700_000_000_000;

beforeEach(() => sessionActions.signedOut());

describe('session store', () => {
  it('starts a session from a token response', () => {
    sessionActions.signedIn(
      {
        access_token: jwt({ userid: 'u1' }),
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: 'r1',
        id_token: jwt({ name: 'Ada Lovelace', email: 'ada@example.com' }),
      },
      NOW,
    );
    expect(getSession()).toMatchObject({
      refreshToken: 'r1',
      expiresAt: NOW + 3_600_000,
      user: { name: 'Ada Lovelace', email: 'ada@example.com', id: 'u1' },
    });
  });

  it('keeps it in sessionStorage, without the actions', () => {
    sessionActions.signedIn({ access_token: 'opaque', token_type: 'Bearer', expires_in: 60 }, NOW);
    const stored = JSON.parse(sessionStorage.getItem('ddm.session') ?? '{}') as { state: Record<string, unknown> };
    expect(Object.keys(stored.state).sort()).toEqual(['ended', 'session']);
    expect(stored.state.session).toMatchObject({ accessToken: 'opaque' });
  });

  it('keeps the refresh token when a refresh does not rotate it', () => {
    sessionActions.signedIn({ access_token: 'a1', token_type: 'Bearer', expires_in: 60, refresh_token: 'r1' }, NOW);
    sessionActions.tokensRefreshed({ access_token: 'a2', token_type: 'Bearer', expires_in: 60 }, NOW + 1000);
    expect(getSession()).toMatchObject({ accessToken: 'a2', refreshToken: 'r1', expiresAt: NOW + 61_000 });
  });

  it('remembers whether the session was ended by the person or by expiry', () => {
    const { result } = renderHook(() => useSessionEnd());
    act(() => {
      sessionActions.signedIn({ access_token: 'a1', token_type: 'Bearer', expires_in: 60 }, NOW);
      sessionActions.sessionExpired();
    });
    expect(getSession()).toBeNull();
    expect(result.current).toBe('expired');
    act(() => sessionActions.signedOut());
    expect(result.current).toBe('signed-out');
  });
});

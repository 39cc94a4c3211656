import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AccessClaims } from '../services/authentication/signing';
import { TestClock } from '../testing/test-platform';
import { requireToken, type AuthVariables, type TokenCheck } from './auth';
import { HttpError, ossError } from './errors';

const claims = (scopes: string[], userId: string | null = 'U1'): AccessClaims => ({
  jti: 'j1',
  clientId: 'C1',
  userId,
  scopes,
  expiresAt: new Date('2026-01-01T01:00:00Z'),
});

/** A token check that knows two tokens: `user` (3-legged, bucket:read) and `app` (2-legged, data:read). */
const check: TokenCheck = {
  clock: new TestClock(),
  verify: (token) =>
    Promise.resolve(token === 'user' ? claims(['bucket:read']) : token === 'app' ? claims(['data:read'], null) : null),
  isActive: () => Promise.resolve(true),
};

function appWith(middleware: ReturnType<typeof requireToken>) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/thing', middleware, (c) => c.json(c.get('principal')));
  app.onError((error, c) => {
    if (!(error instanceof HttpError)) throw error;
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json(error.body, error.status);
  });
  return (token?: string) => app.request('/thing', token ? { headers: { Authorization: `Bearer ${token}` } } : {});
}

describe('requireToken', () => {
  it('answers in the APS gateway body by default', async () => {
    const call = appWith(requireToken(check, ['data:read']));
    expect(await (await call()).json()).toMatchObject({ errorCode: 'AUTH-012' });
    expect(await (await call('forged')).json()).toMatchObject({
      errorCode: 'AUTH-006',
      developerMessage: 'Access token provided is invalid or expired.',
    });
    const forbidden = await call('user');
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ errorCode: 'AUTH-010' });
    expect(await (await call('app')).json()).toEqual({ kind: 'app', clientId: 'C1' });
  });

  it('lets a service answer a missing scope in its own body, keeping the gateway 401s', async () => {
    const call = appWith(
      requireToken(check, ['bucket:create', 'data:write'], {
        errors: { forbidden: (message, needed) => ossError(403, `${message} It needs one of: ${needed.join(', ')}.`) },
      }),
    );
    const forbidden = await call('user');
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({
      reason: 'Token does not have the privilege for this request. It needs one of: bucket:create, data:write.',
    });
    expect(await (await call('forged')).json()).toMatchObject({ errorCode: 'AUTH-006' });
  });

  it('refuses a 2-legged token where a user is needed', async () => {
    const call = appWith(requireToken(check, ['data:read', 'bucket:read'], { userOnly: true }));
    expect((await call('app')).status).toBe(403);
    expect(await (await call('user')).json()).toEqual({ kind: 'user', userId: 'U1', clientId: 'C1' });
  });
});

import { describe, expect, it } from 'vitest';
import type { AccessClaims } from '../services/authentication/signing';
import { revocationSignal } from '../storage/revocations';
import type { TokenCheck } from './auth';
import { cachedTokenCheck } from './token-cache';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
const claims: AccessClaims = {
  jti: 'jti-1',
  clientId: 'app',
  userId: null,
  scopes: ['data:read'],
  expiresAt: at(60_000),
};

/** A token check that counts what it is asked and answers what the test says. */
function countingCheck() {
  const calls = { verify: 0, isActive: 0 };
  let live = true;
  let pending: (() => void) | undefined;
  const check: TokenCheck = {
    clock: { now: () => at(0) },
    verify: (token) => {
      calls.verify += 1;
      return Promise.resolve(token === 'good' ? claims : null);
    },
    isActive: async () => {
      calls.isActive += 1;
      // What the database held when the query read it, answered once the query ends.
      const answer = live;
      if (pending) await new Promise<void>((resolve) => (pending = resolve));
      return answer;
    },
  };
  return {
    check,
    calls,
    revoke: () => void (live = false),
    /** The next isActive waits until `release()`, as a slow query would. */
    hold: () => void (pending = () => undefined),
    release: () => {
      const resolve = pending;
      pending = undefined;
      resolve?.();
    },
  };
}

describe('the remembered token check', () => {
  it("checks a token's signature once, until the token expires", async () => {
    const { check, calls } = countingCheck();
    const cached = cachedTokenCheck(check, revocationSignal());
    expect(await cached.verify('good', at(0))).toEqual(claims);
    expect(await cached.verify('good', at(59_999))).toEqual(claims);
    expect(calls.verify).toBe(1);
    expect(await cached.verify('bad', at(0))).toBeNull();
    expect(await cached.verify('bad', at(0))).toBeNull();
    expect(calls.verify).toBe(3);
    await cached.verify('good', at(60_000));
    expect(calls.verify).toBe(4);
  });

  it('asks the database again after a second, and at once after a revocation', async () => {
    const { check, calls, revoke } = countingCheck();
    const revocations = revocationSignal();
    const cached = cachedTokenCheck(check, revocations);
    expect(await cached.isActive('jti-1', at(0))).toBe(true);
    expect(await cached.isActive('jti-1', at(999))).toBe(true);
    expect(calls.isActive).toBe(1);
    expect(await cached.isActive('jti-1', at(1000))).toBe(true);
    expect(calls.isActive).toBe(2);
    revoke();
    revocations.revoked();
    expect(await cached.isActive('jti-1', at(1001))).toBe(false);
    expect(await cached.isActive('jti-1', at(1002))).toBe(false);
    expect(calls.isActive).toBe(4);
  });

  it('keeps no answer of a lookup that a revocation overtook', async () => {
    const { check, calls, revoke, hold, release } = countingCheck();
    const revocations = revocationSignal();
    const cached = cachedTokenCheck(check, revocations);
    hold();
    const looking = cached.isActive('jti-1', at(0));
    revoke();
    revocations.revoked();
    release();
    expect(await looking).toBe(true);
    expect(await cached.isActive('jti-1', at(1))).toBe(false);
    expect(calls.isActive).toBe(2);
  });

  it('asks whether a token is live every time where other processes revoke (activeForMs 0)', async () => {
    const { check, calls, revoke } = countingCheck();
    const cached = cachedTokenCheck(check, revocationSignal(), 0);
    expect(await cached.isActive('jti-1', at(0))).toBe(true);
    // Revoked by another instance: nothing in this process bumps the generation.
    revoke();
    expect(await cached.isActive('jti-1', at(1))).toBe(false);
    expect(calls.isActive).toBe(2);
  });
});

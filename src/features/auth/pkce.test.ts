import { describe, expect, it } from 'vitest';
import { createCodeChallenge, createCodeVerifier, createState } from './pkce';

describe('PKCE', () => {
  it('derives the S256 challenge of RFC 7636 Appendix B', async () => {
    await expect(createCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).resolves.toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('makes verifiers of 43–128 unreserved characters, different each time', () => {
    const first = createCodeVerifier();
    expect(first.length).toBeGreaterThanOrEqual(43);
    expect(first.length).toBeLessThanOrEqual(128);
    expect(first).toMatch(/^[A-Za-z0-9\-._~]+$/);
    expect(createCodeVerifier()).not.toBe(first);
  });

  it('makes state values APS accepts', () => {
    expect(createState()).toMatch(/^[A-Za-z0-9\-_]{16,}$/);
  });
});

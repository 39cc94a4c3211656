import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../../contracts/authentication';
import { browserOf as browserFor, cookieOf, outcome } from '../../testing/browser-flow';
import { authorizeQuery, exchangeCode, openSignIn, TEST_CALLBACK } from '../../testing/oauth-flow';
import { createTestPlatform, TEST_APP_ORIGIN, type TestPlatform } from '../../testing/test-platform';

// One platform per file: every test makes its own apps and users, so they do not meet.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

const browserOf = (user: { email: string; password: string }) => browserFor(platform, user);
const spa = async (name = 'Consent SPA') =>
  (await platform.registerApp({ name, type: 'spa', callback: [TEST_CALLBACK] })).client_id;

describe('remembered consent', () => {
  it('asks once per app and scope set: the next sign-in, with or without the password, comes straight back with a code', async () => {
    const clientId = await spa();
    const browser = browserOf(await platform.addUser());
    expect(await browser.signIn(clientId)).toMatchObject({
      consentAsked: true,
      result: { back: { code: expect.any(String), state: 'state-1' } },
    });

    // The same browser: no page at all, the code and the app's state at once.
    const again = await outcome(await browser.authorize(clientId, { state: 'state-2' }));
    expect(again).toEqual({ back: { code: expect.any(String), state: 'state-2' } });
    const tokens = (await (
      await exchangeCode(platform, clientId, (again as { back: Record<string, string> }).back['code']!)
    ).json()) as TokenResponse;
    expect(tokens.refresh_token).toBeTruthy();

    // After signing out: the password form again, but no consent page after it.
    await browser.logout();
    expect(await outcome(await browser.authorize(clientId))).toEqual({ page: 'Sign in' });
    expect(await browser.signIn(clientId)).toMatchObject({
      consentAsked: false,
      result: { back: { code: expect.any(String) } },
    });
    // So the password form may answer with the redirect to the app, which its CSP must allow (form-action covers redirects).
    const form = await openSignIn(platform, authorizeQuery(clientId));
    expect(form.response.headers.get('content-security-policy')).toContain(`form-action 'self' ${TEST_APP_ORIGIN};`);
  });

  it('asks again when the app wants more, for the whole set, marking what is new; the answer covers both sets after', async () => {
    const clientId = await spa();
    const browser = browserOf(await platform.addUser());
    await browser.signIn(clientId, { scope: 'data:read' });
    const wider = await browser.authorize(clientId, { scope: 'data:read data:write' });
    const html = await wider.text();
    expect(html).toContain('Allow access?');
    expect(html).toMatch(/<strong>New:<\/strong> [^<]*<code>data:write<\/code>/);
    expect(html).not.toMatch(/New:<\/strong> [^<]*<code>data:read<\/code>/);
    expect(await browser.signIn(clientId, { scope: 'data:read data:write' })).toMatchObject({ consentAsked: true });
    for (const scope of ['data:read', 'data:write', 'data:write data:read']) {
      expect(await outcome(await browser.authorize(clientId, { scope }))).toMatchObject({
        back: { code: expect.any(String) },
      });
    }
  });

  it('belongs to one person and one app: another user, or another app, is asked', async () => {
    const [clientId, otherApp] = [await spa(), await spa('Other SPA')];
    const first = browserOf(await platform.addUser());
    await first.signIn(clientId);
    expect(await first.signIn(otherApp)).toMatchObject({ consentAsked: true });
    expect(await browserOf(await platform.addUser()).signIn(clientId)).toMatchObject({ consentAsked: true });
  });

  it('is not remembered when the person denies', async () => {
    const clientId = await spa();
    const browser = browserOf(await platform.addUser());
    expect(await browser.signIn(clientId, {}, 'deny')).toMatchObject({ result: { back: { error: 'access_denied' } } });
    expect(await outcome(await browser.authorize(clientId))).toEqual({ page: 'Allow access?' });
  });
});

describe('prompt', () => {
  it('consent shows the page even when the scopes were allowed; login asks for the password in a signed-in browser', async () => {
    const clientId = await spa();
    const browser = browserOf(await platform.addUser());
    await browser.signIn(clientId);
    expect(await outcome(await browser.authorize(clientId, { prompt: 'consent' }))).toEqual({ page: 'Allow access?' });
    expect(await outcome(await browser.authorize(clientId, { prompt: 'login' }))).toEqual({ page: 'Sign in' });
    // prompt=login alone asks no consent after the password; with consent it asks both.
    expect(await browser.signIn(clientId, { prompt: 'login' })).toMatchObject({ consentAsked: false });
    expect(await browser.signIn(clientId, { prompt: 'login consent' })).toMatchObject({ consentAsked: true });
  });

  it('none shows no page (OpenID Connect Core §3.1.2.6): login_required, consent_required, or the code', async () => {
    const clientId = await spa();
    const browser = browserOf(await platform.addUser());
    const none = await browser.authorize(clientId, { prompt: 'none', state: 's-none' });
    expect(await outcome(none)).toEqual({
      back: { error: 'login_required', error_description: expect.any(String), state: 's-none' },
    });
    // A silent request starts no pending sign-in in the browser.
    expect(cookieOf(none, 'ddm_authreq')).toBeUndefined();

    await browser.signIn(clientId, { scope: 'data:read' }, 'deny');
    expect(await outcome(await browser.authorize(clientId, { prompt: 'none' }))).toMatchObject({
      back: { error: 'consent_required', state: 'state-1' },
    });
    await browser.signIn(clientId, { scope: 'data:read' });
    expect(await outcome(await browser.authorize(clientId, { prompt: 'none' }))).toEqual({
      back: { code: expect.any(String), state: 'state-1' },
    });
    expect(
      await outcome(await browser.authorize(clientId, { prompt: 'none', scope: 'data:read data:write' })),
    ).toMatchObject({ back: { error: 'consent_required' } });

    await browser.logout();
    expect(await outcome(await browser.authorize(clientId, { prompt: 'none' }))).toMatchObject({
      back: { error: 'login_required' },
    });
  });

  it('refuses values it cannot honour, and none combined with another, with invalid_request', async () => {
    const clientId = await spa();
    for (const prompt of ['none login', 'consent none', 'select_account', 'bogus', 'LOGIN']) {
      const result = await outcome(
        await platform.request(`/authentication/v2/authorize?${authorizeQuery(clientId, { prompt }).toString()}`),
      );
      expect(result).toMatchObject({
        back: { error: 'invalid_request', error_description: expect.stringMatching(/prompt/) },
      });
    }
    // Space-separated values are one list; an empty one asks for nothing in particular.
    for (const prompt of ['login consent', '']) {
      expect(
        await outcome(
          await platform.request(`/authentication/v2/authorize?${authorizeQuery(clientId, { prompt }).toString()}`),
        ),
      ).toEqual({ page: 'Sign in' });
    }
  });

  it('is advertised in the OpenID configuration', async () => {
    const config = (await (await platform.request('/.well-known/openid-configuration')).json()) as {
      prompt_values_supported: string[];
    };
    expect(config.prompt_values_supported).toEqual(['none', 'login', 'consent']);
  });
});

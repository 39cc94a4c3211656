import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntrospectResponse, TokenResponse } from '../../../contracts/authentication';
import { browserOf, outcome } from '../../testing/browser-flow';
import { exchangeCode, formPost, TEST_CALLBACK, tokenRequest } from '../../testing/oauth-flow';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// One platform per file: every test makes its own apps and users, so they do not meet.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

const APPS = '/authentication/account/apps';
const spa = async (name: string) =>
  (await platform.registerApp({ name, type: 'spa', callback: [TEST_CALLBACK] })).client_id;

/** A person signed in to one app (which they allowed), with that app's tokens. */
async function personWithApp(clientId: string, scope = 'data:read') {
  const browser = browserOf(platform, await platform.addUser());
  const { result } = await browser.signIn(clientId, { scope });
  const code = (result as { back: Record<string, string> }).back['code']!;
  const tokens = (await (await exchangeCode(platform, clientId, code)).json()) as TokenResponse;
  return { browser, tokens };
}

async function appsPage(cookie: string) {
  const response = await platform.request(APPS, { headers: { Cookie: cookie } });
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  const html = await response.text();
  return { html, formToken: /name="csrf" value="([^"]*)"/.exec(html)?.[1] ?? '' };
}

const withdraw = (cookie: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  platform.request(`${APPS}/withdraw`, formPost(fields, { Cookie: cookie, ...headers }));

const introspect = async (clientId: string, token: string) =>
  (
    (await (
      await platform.request('/authentication/v2/introspect', formPost({ token, client_id: clientId }))
    ).json()) as IntrospectResponse
  ).active;

describe('the apps a person allowed', () => {
  it('lists, for the signed-in person only, each app with what it may do', async () => {
    const [viewer, editor] = [await spa('Model Viewer'), await spa('Model Editor')];
    const { browser } = await personWithApp(viewer);
    await browser.signIn(editor, { scope: 'data:read data:write' });
    await personWithApp(await spa('Someone Else’s App'));
    const { html } = await appsPage(browser.cookie());
    expect(html).toContain('<h2>Model Editor</h2>');
    expect(html).toContain('<h2>Model Viewer</h2>');
    expect(html).toMatch(/What Model Editor may do">.*<code>data:read<\/code>.*<code>data:write<\/code>/s);
    expect(html).not.toContain('Someone Else');
    expect((await appsPage('')).html).toContain('This browser is not signed in to the platform');
  });

  it('withdraws a consent: the app is signed out, asks again next time, and other people keep theirs', async () => {
    const clientId = await spa('Withdrawn App');
    const { browser, tokens } = await personWithApp(clientId);
    const other = await personWithApp(clientId);
    const { formToken } = await appsPage(browser.cookie());

    const response = await withdraw(browser.cookie(), { csrf: formToken, client_id: clientId }, { Origin: 'null' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${APPS}?withdrawn=1`);
    const after = await platform.request(`${APPS}?withdrawn=1`, { headers: { Cookie: browser.cookie() } });
    expect(await after.text()).toMatch(/role="status">Access withdrawn.*You have not allowed any app yet/s);

    expect(await introspect(clientId, tokens.access_token)).toBe(false);
    const refresh = await tokenRequest(platform, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
      client_id: clientId,
    });
    expect(refresh.status).toBe(400);
    expect(await outcome(await browser.authorize(clientId))).toEqual({ page: 'Allow access?' });

    expect(await introspect(clientId, other.tokens.access_token)).toBe(true);
    expect(await outcome(await other.browser.authorize(clientId))).toMatchObject({
      back: { code: expect.any(String) },
    });
  });

  it('acts only on a form from its own page in the signed-in browser, and says when there is nothing to withdraw', async () => {
    const clientId = await spa('Kept App');
    const { browser, tokens } = await personWithApp(clientId);
    const { formToken } = await appsPage(browser.cookie());
    const refused = [
      await withdraw(browser.cookie(), { csrf: 'forged', client_id: clientId }),
      await withdraw(browser.cookie(), { client_id: clientId }),
      await withdraw('', { csrf: formToken, client_id: clientId }),
      await withdraw(browser.cookie(), { csrf: formToken, client_id: clientId }, { Origin: 'https://evil.example' }),
    ];
    for (const response of refused) {
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('This page has expired');
    }
    for (const client of ['no-such-app', '', 'x'.repeat(5000), await spa('Never Allowed')]) {
      const response = await withdraw(browser.cookie(), { csrf: formToken, client_id: client });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('not among the apps you allowed');
    }
    expect(await introspect(clientId, tokens.access_token)).toBe(true);
    expect(await outcome(await browser.authorize(clientId))).toMatchObject({ back: { code: expect.any(String) } });
  });
});

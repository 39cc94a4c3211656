import { expect, test, type Page } from '@playwright/test';
import { isTokenActive, ONE_TRANSLATION_WORKER, startStack, type Stack } from './stack';
import { allowIfAsked, storedSession } from './steps';

// Access tokens that live 10 seconds, so a test can watch one run out. The app renews at 7.5 s.
const TOKEN_TTL_SECONDS = 10;
const EXPIRY = { timeout: 30_000, intervals: [250] };

let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack(['--token-ttl', String(TOKEN_TTL_SECONDS), ...ONE_TRANSLATION_WORKER]);
});
test.afterAll(async () => {
  await stack.stop();
});

/** What the person would notice: every trip to the sign-in pages, and every refused API call. */
function watch(page: Page) {
  const seen = { navigations: [] as string[], refused: [] as string[], refreshes: 0 };
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.navigations.push(frame.url());
  });
  page.on('response', (response) => {
    if (response.url().includes('/project/v1/') && response.status() === 401) seen.refused.push(response.url());
    if (
      response.url().endsWith('/authentication/v2/token') &&
      response.request().postData()?.includes('grant_type=refresh_token')
    )
      seen.refreshes += 1;
  });
  return seen;
}

async function signIn(page: Page) {
  await page.goto(`${stack.appUrl}/hubs`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(stack.email);
  await page.getByLabel('Password').fill(stack.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await allowIfAsked(page);
  await expect(page.getByRole('rowheader', { name: 'Demo Company' })).toBeVisible();
}

async function accessToken(page: Page): Promise<string> {
  return (await storedSession(page)).accessToken;
}

const isActive = (token: string) => isTokenActive(stack, token);

const signInPages = (urls: string[]) =>
  urls.filter((url) => url.includes('/sign-in') || url.includes('/authentication/v2/authorize'));

test('the token is renewed before it expires: no 401, no sign-in, the data keeps coming', async ({ page }) => {
  await signIn(page);
  const first = await accessToken(page);
  const seen = watch(page);

  // Wait until the platform no longer accepts the first token: by then the app must hold another.
  await expect.poll(() => isActive(first), EXPIRY).toBe(false);
  const current = await accessToken(page);
  expect(current).not.toBe(first);
  expect(await isActive(current)).toBe(true);

  const reloaded = page.waitForResponse((response) => response.url().endsWith('/project/v1/hubs'));
  await page.getByRole('button', { name: 'Refresh' }).click();
  expect((await reloaded).status()).toBe(200);
  await expect(page.getByRole('rowheader', { name: 'Demo Company' })).toBeVisible();
  expect(seen.refused).toEqual([]);
  expect(signInPages(seen.navigations)).toEqual([]);
  expect(seen.refreshes).toBeGreaterThanOrEqual(1);

  // The session indicator tells who, where, and when the (renewed) token runs out.
  await page.getByRole('button', { name: /Account menu, signed in as Dana Demo/ }).click();
  await expect(page.getByText(/Access token expires in/)).toBeVisible();
  await expect(page.getByRole('group', { name: /Platform: Local platform/ })).toBeVisible();
});

test('a token that ran out while the tab slept is renewed on its one 401, and the request goes through', async ({
  page,
}) => {
  await page.clock.install();
  await signIn(page);
  const first = await accessToken(page);
  // A sleeping laptop: the page's timers stop, so the renewal planned before expiry does not happen.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50);
  expect(await accessToken(page)).toBe(first);
  const seen = watch(page);
  await expect.poll(() => isActive(first), EXPIRY).toBe(false);

  const retried = page.waitForResponse(
    (response) => response.url().endsWith('/project/v1/hubs') && response.status() === 200,
  );
  await page.getByRole('button', { name: 'Refresh' }).click();
  await retried;
  expect(seen.refused).toHaveLength(1);
  expect(seen.refreshes).toBe(1);

  await page.clock.resume();
  await expect(page.getByRole('rowheader', { name: 'Demo Company' })).toBeVisible();
  expect(signInPages(seen.navigations)).toEqual([]);
  expect(await isActive(await accessToken(page))).toBe(true);
});

test('a session the platform ended goes to sign-in, and back to the same place after it', async ({ page }) => {
  await signIn(page);
  const seen = watch(page);
  // Signed out elsewhere: the refresh token (and with it the family) is revoked behind the app's back.
  const stored = JSON.parse((await page.evaluate(() => sessionStorage.getItem('ddm.session'))) ?? '{}') as {
    state: { session: { refreshToken: string } };
  };
  await fetch(`${stack.platformUrl}/authentication/v2/revoke`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      token: stored.state.session.refreshToken,
      token_type_hint: 'refresh_token',
      client_id: stack.clientId,
    }),
  });

  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Your session expired')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/hubs');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The platform still knows this browser, and the person allowed the app before: no page at all.
  await expect(page.getByRole('rowheader', { name: 'Demo Company' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/hubs');
  expect(seen.navigations.some((url) => new URL(url).pathname === '/auth/callback')).toBe(true);
  expect(seen.navigations.filter((url) => url.startsWith(stack.platformUrl))).toEqual([]);
});

test('two tabs renew their own tokens side by side, and neither trips the other’s replay detection', async ({
  page,
}) => {
  await signIn(page);
  const second = await page.context().newPage();
  await second.goto(`${stack.appUrl}/hubs`);
  await expect(second.getByRole('rowheader', { name: 'Demo Company' })).toBeVisible();
  const before = [await storedSession(page), await storedSession(second)];
  expect(before[0]?.refreshToken).not.toBe(before[1]?.refreshToken);

  // Each tab rotates its own refresh token before its access token runs out.
  for (const [index, tab] of [page, second].entries()) {
    await expect
      .poll(async () => (await storedSession(tab)).refreshToken, EXPIRY)
      .not.toBe(before[index]?.refreshToken);
  }
  for (const tab of [page, second]) {
    const tokens = await storedSession(tab);
    expect(await isActive(tokens.refreshToken)).toBe(true);
    expect(await isActive(tokens.accessToken)).toBe(true);
    await expect(tab.getByRole('rowheader', { name: 'Demo Company' })).toBeVisible();
  }
  await second.close();
});
